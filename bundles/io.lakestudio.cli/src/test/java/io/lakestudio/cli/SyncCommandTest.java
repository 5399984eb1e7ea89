package io.lakestudio.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.ReadOnlyCatalog;
import io.lakestudio.samples.SampleLake;

/** sync over a real folder lake: one table's broken log fails that listing only; the rest syncs and answers. */
class SyncCommandTest {

	@TempDir
	Path home;

	@Test
	void brokenDeltaLogFailsOnlyItsTable() throws Exception {
		Path lake = home.resolve("lake");
		List<Path> tables = SampleLake.write(lake);
		Path broken = tables.get(0);
		try (Stream<Path> log = Files.list(broken.resolve("_delta_log"))) {
			for (Path f : log.filter(p -> p.toString().endsWith(".json")).toList()) {
				Files.writeString(f, "{ this is not a delta log");
			}
		}
		CliRun sync = CliRun.run(home, "sync", "--lake", lake.toString(), "--quiet");
		assertEquals(0, sync.exit, sync.toString());
		assertTrue(sync.err.contains("failed: table/"), "the broken table's listing is reported: " + sync);

		Path rel = lake.relativize(broken); // <ws>/<item>.<Type>/Tables/[<schema>/]<table>
		String item = rel.getName(1).toString();
		String name = rel.getName(0) + "/" + item.substring(0, item.lastIndexOf('.')) + "/"
				+ rel.subpath(3, rel.getNameCount()).toString();
		CliRun table = CliRun.run(home, "table", name);
		assertEquals(0, table.exit, table.toString());
		assertTrue(table.out.contains("refresh failed"), "the table shows its failure: " + table.out);
		assertTrue(table.out.contains("metadata:      not read yet"), table.out);

		try (ReadOnlyCatalog c = Catalogs.openReadOnly(Catalogs.catalogFile(home, "local"), "local")) {
			long withMetadata = c.allTables().stream().filter(t -> t.table().metadataRead() != null).count();
			assertEquals(tables.size() - 1, withMetadata, "every other Delta table synced with its metadata");
		}
	}
}
