package io.lakestudio.cli.internal;

import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.LakeColumn;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.TableMetadata;
import io.lakestudio.catalog.Workspace;
import io.lakestudio.cli.Lakestudio;

/**
 * The AOT training run of {@code cli/lakestudio}: builds a small throw-away catalog and runs each metadata command
 * on it, so the JVM's AOT cache holds exactly the classes those commands load. Loads no DuckDB and no lake.
 */
public final class AotTraining {

	private AotTraining() {
	}

	public static void main(String[] args) throws Exception {
		Path home = Path.of(args[0]);
		deleteTree(home);
		System.setProperty("lakestudio.home", home.toString());
		Instant now = Instant.now();
		try (Catalog c = Catalogs.open(Catalogs.catalogFile(home, "local"), "local")) {
			c.replaceWorkspaces(List.of(new Workspace("W", "W")), true, now);
			Item item = new Item("W/L.Lakehouse", "W", "L", "Lakehouse", false, false, "W/L.Lakehouse/Tables",
					"W/L.Lakehouse/Files");
			c.replaceItems("W", List.of(item), true, now);
			List<LakeTable> tables = new ArrayList<>();
			for (int i = 0; i < 20; i++) {
				tables.add(new LakeTable(item.id(), "", "table_" + i, LakeTable.DELTA, "W/L.Lakehouse/Tables/table_" + i));
			}
			c.replaceTables(item.id(), tables, true, now);
			c.putTableMetadata(tables.get(0).id(), new TableMetadata(LakeTable.DELTA, 1, now,
					List.of(new LakeColumn(0, "id", "long", false, false)), List.of(), 1, 1, 1L), now);
			c.replaceFiles(item.id(), "", List.of(), true, now);
		}
		PrintWriter sink = new PrintWriter(Writer.nullWriter());
		Lakestudio cli = new Lakestudio(sink, sink);
		java.io.PrintStream stdout = System.out;
		java.io.PrintStream stderr = System.err;
		System.setOut(new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
		System.setErr(new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
		Catalogs.warmUp(); // as Main.main does
		io.lakestudio.cli.Main.run("status"); // the real entry point, once
		System.setOut(stdout);
		System.setErr(stderr);
		String[][] runs = { { "ls" }, { "ls", "W" }, { "ls", "W/L" }, { "exists", "W/L/table_1" },
				{ "exists", "W/L/table_x" }, { "exists", "X/L/t" }, { "find", "table" }, { "find", "id" },
				{ "table", "W/L/table_0" },
				{ "items" }, { "models" }, { "files", "W/L" }, { "status" }, { "ls", "--json" },
				{ "exists", "--json", "W/L/table_1" }, { "find", "--json", "tab" }, { "ls", "--help" }, { "exists", "--help" },
				{ "ls", "Nope" } };
		for (int round = 0; round < 3; round++) {
			for (String[] run : runs) {
				try {
					cli.run(run);
				} catch (RuntimeException | LinkageError e) {
					// training records what loads; a failed run still taught it something
				}
			}
		}
		deleteTree(home);
	}

	private static void deleteTree(Path dir) throws Exception {
		if (Files.exists(dir)) {
			try (Stream<Path> s = Files.walk(dir)) {
				for (Path p : s.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
					Files.delete(p);
				}
			}
		}
	}
}
