package io.lakestudio.catalog;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** The other process of the cross-process tests: writes to a catalog file as a sync job would. */
public final class CatalogWriterMain {

	public static void main(String[] args) throws Exception {
		Path file = Path.of(args[0]);
		try (Catalog c = Catalogs.open(file, "a")) {
			switch (args[1]) {
			case "add-table" -> {
				List<LakeTable> tables = new ArrayList<>(c.tables(args[2]).stream()
						.map(t -> new LakeTable(t.itemId(), t.schema(), t.name(), t.format(), t.location())).toList());
				tables.add(new LakeTable(args[2], "", args[3], LakeTable.DELTA, args[2] + "/Tables/" + args[3]));
				c.replaceTables(args[2], tables, true, Instant.now());
			}
			case "hold" -> {
				// a writer in the middle of a long transaction: renames every table, then waits before committing
				Path open = Path.of(args[2]);
				Path done = Path.of(args[3]);
				try (var conn = new org.sqlite.JDBC().connect("jdbc:sqlite:" + file, new java.util.Properties());
						var s = conn.createStatement()) {
					s.execute("PRAGMA busy_timeout = 5000");
					s.execute("BEGIN IMMEDIATE");
					s.executeUpdate("UPDATE lake_table SET name = name || '_renamed'");
					java.nio.file.Files.createFile(open);
					Thread.sleep(Long.parseLong(args[4]));
					s.execute("COMMIT");
				}
				java.nio.file.Files.createFile(done);
			}
			default -> throw new IllegalArgumentException(args[1]);
			}
		}
	}
}
