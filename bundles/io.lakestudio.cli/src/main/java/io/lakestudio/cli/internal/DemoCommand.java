package io.lakestudio.cli.internal;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.ReadOnlyCatalog;
import io.lakestudio.catalog.Settings;
import io.lakestudio.catalog.Workspace;
import io.lakestudio.cli.Lakestudio;
import io.lakestudio.samples.SampleLake;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "demo", description = { "The embedded default, with no account: write a sample lake of real Delta",
		"tables into the state folder, sync it, and show ls, find, table and exists on it." })
public final class DemoCommand implements Callable<Integer> {

	@Spec
	CommandSpec spec;

	@Option(names = "--lake", paramLabel = "DIR", description = "Where the sample lake goes (default: <state folder>/sample-lake).")
	Path lake;

	@Option(names = "--rewrite", description = "Write the sample lake again even if it is there.")
	boolean rewrite;

	@Option(names = { "-h", "--help" }, usageHelp = true, description = "Show this help.")
	boolean help;

	@Override
	public Integer call() throws Exception {
		Path home = Catalogs.home();
		Path dir = (lake == null ? home.resolve("sample-lake") : lake).toAbsolutePath().normalize();
		PrintWriter out = spec.commandLine().getOut();
		PrintWriter err = spec.commandLine().getErr();
		if (rewrite || !Files.isDirectory(dir)) {
			out.println("Writing a sample lake of real Delta tables to " + dir + " ...");
			out.flush();
			SampleLake.write(dir);
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
		for (String[] step : steps) {
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
