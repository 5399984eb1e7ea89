package io.lakestudio.cli.internal;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.ReadOnlyCatalog;
import io.lakestudio.catalog.Settings;
import io.lakestudio.catalog.Workspace;
import io.lakestudio.cli.Lakestudio;
import io.lakestudio.engine.Engine;
import io.lakestudio.samples.SampleLake;

/**
 * The embedded default, shown: writes the sample lake, syncs it, then runs the metadata commands on the catalog and
 * SQL through the engine (timed): a statement, a time-travel read of an older version, and the same statement with
 * the lake refused ({@code --offline}), answering from what is held with its age.
 */
public final class DemoCommand extends Command {

	@Override
	protected String usage() {
		return "[options]";
	}

	@Override
	protected String description() {
		return "The embedded default, with no account: write a sample lake of real Delta tables into the state"
				+ " folder, sync it, show ls, find, table and exists on it, and run SQL on it (with time travel, and"
				+ " with the lake refused).";
	}

	@Override
	public Options options() {
		return super.options()
				.addOption(valued(null, "lake", "DIR", "Where the sample lake goes (default: <state folder>/sample-lake)."))
				.addOption(flag("rewrite", "Write the sample lake again even if it is there."))
				.addOption(flag("json", "Show each command's answer as JSON."));
	}

	@Override
	public int run(CommandLine line) {
		args(line, 0, 0);
		Path lake = line.hasOption("lake") ? Path.of(line.getOptionValue("lake")) : null;
		boolean rewrite = line.hasOption("rewrite");
		Path dir = (lake == null ? home.resolve("sample-lake") : lake).toAbsolutePath().normalize();
		if (rewrite || !Files.isDirectory(dir)) {
			out.println("Writing a sample lake of real Delta tables to " + dir + " ...");
			out.flush();
			try (Connection duck = Engine.writer(home)) { // DuckDB's library from the state folder, as for SQL
				SampleLake.write(dir, duck);
			} catch (Exception e) {
				throw new Die(3, "could not write the sample lake to " + dir + ": " + e.getMessage());
			}
		}
		Settings.load(home).set(Settings.LAKE_FOLDER, dir.toString()).save();
		Lakestudio cli = new Lakestudio(out, err);
		int rc = show(cli, out, "sync", "--quiet");
		if (rc != 0) {
			return rc;
		}
		List<String[]> steps = new ArrayList<>();
		List<String[]> sql = new ArrayList<>();
		steps.add(new String[] { "ls" });
		Settings settings = Settings.load(home);
		try (ReadOnlyCatalog c = Catalogs.openReadOnly(Catalogs.catalogFile(home, settings.account()),
				settings.account())) {
			LakeTable table = firstTable(c);
			if (table != null) {
				Item item = c.item(table.itemId()).orElseThrow();
				Workspace ws = c.workspace(item.workspaceId()).orElseThrow();
				String itemPath = ws.name() + "/" + item.name();
				String tablePath = itemPath + "/" + (table.schema().isEmpty() ? "" : table.schema() + "/") + table.name();
				steps.add(new String[] { "ls", ws.name() });
				steps.add(new String[] { "ls", itemPath });
				steps.add(new String[] { "find", table.name().substring(0, Math.min(4, table.name().length())) });
				steps.add(new String[] { "table", tablePath });
				steps.add(new String[] { "exists", tablePath });
				steps.add(new String[] { "exists", itemPath + "/" + typo(table.name()) });
				sql.addAll(statements(table, itemPath));
			}
		}
		steps.add(new String[] { "status" });
		boolean json = line.hasOption("json");
		for (String[] step : steps) {
			if (json) {
				String[] withJson = java.util.Arrays.copyOf(step, step.length + 1);
				System.arraycopy(step, 1, withJson, 2, step.length - 1);
				withJson[1] = "--json";
				step = withJson;
			}
			show(cli, out, step);
		}
		out.println();
		out.println("The catalog is " + Catalogs.catalogFile(home, settings.account()) + "; every command above read only it.");
		for (String[] step : sql) {
			long t0 = System.nanoTime();
			int exit = show(cli, out, step);
			out.println("(" + (System.nanoTime() - t0) / 1_000_000 + " ms" + (exit == 0 ? ")" : ", failed)"));
			out.flush();
		}
		if (!sql.isEmpty()) {
			out.println();
			out.println("SQL ran on the engine (DuckDB over the disk cache in " + home.resolve("cache")
					+ "); with --offline it asked the lake nothing and read what is held.");
		}
		return 0;
	}

	/**
	 * A statement on the table through the engine (in this process: the demo leaves no server behind), its previous
	 * version by time travel, and the same statement with the lake refused.
	 */
	private static List<String[]> statements(LakeTable table, String itemPath) {
		String ref = "\"" + itemPath + "\"." + (table.schema().isEmpty() ? "" : quote(table.schema()) + ".")
				+ quote(table.name());
		String by = quote(table.partitionColumns().get(0));
		String q = "SELECT " + by + ", count(*) AS row_count FROM " + ref + " GROUP BY " + by + " ORDER BY " + by;
		List<String[]> out = new ArrayList<>();
		out.add(new String[] { "sql", "--in-process", q });
		if (table.snapshotVersion() != null && table.snapshotVersion() > 0) {
			out.add(new String[] { "sql", "--in-process", "SELECT count(*) AS row_count FROM " + ref
					+ " AT (VERSION => " + (table.snapshotVersion() - 1) + ")" });
			out.add(new String[] { "sql", "--in-process", "SELECT count(*) AS row_count FROM " + ref });
		}
		out.add(new String[] { "sql", "--offline", q });
		return out;
	}

	private static String quote(String name) {
		return "\"" + name.replace("\"", "\"\"") + "\"";
	}

	private static int show(Lakestudio cli, PrintWriter out, String... args) {
		out.println();
		out.println("$ lakestudio " + String.join(" ",
				java.util.Arrays.stream(args).map(a -> a.contains(" ") ? "'" + a + "'" : a).toList()));
		out.flush();
		int rc = cli.run(args);
		if (rc != 0) {
			out.println("(exit " + rc + ")");
		}
		return rc;
	}

	private static LakeTable firstTable(ReadOnlyCatalog c) {
		for (Workspace w : c.workspaces()) {
			for (Item i : c.items(w.id())) {
				if ("Lakehouse".equals(i.type()) && !i.schemaEnabled()) {
					for (LakeTable t : c.tables(i.id())) {
						if (t.metadataRead() != null && !t.partitionColumns().isEmpty()) {
							return t;
						}
					}
				}
			}
		}
		return null;
	}

	/** A near miss of a real name, so exists shows its "closest" answer. */
	private static String typo(String name) {
		return name.length() < 3 ? name + "x" : name.substring(0, name.length() - 2) + name.charAt(name.length() - 1)
				+ name.charAt(name.length() - 2);
	}
}
