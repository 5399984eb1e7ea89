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

public final class DemoCommand extends Command {

	@Override
	protected String usage() {
		return "[options]";
	}

	@Override
	protected String description() {
		return "The embedded default, with no account: write a sample lake of real Delta tables into the state"
				+ " folder, sync it, and show ls, find, table and exists on it.";
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
		return 0;
	}

	private static int show(Lakestudio cli, PrintWriter out, String... args) {
		out.println();
		out.println("$ lakestudio " + String.join(" ", args));
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
