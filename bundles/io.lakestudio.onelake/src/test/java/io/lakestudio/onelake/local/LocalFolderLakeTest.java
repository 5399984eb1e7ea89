package io.lakestudio.onelake.local;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.LakeColumn;
import io.lakestudio.catalog.LakeFile;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.TableMetadata;
import io.lakestudio.catalog.Workspace;
import io.lakestudio.delta.DataFile;
import io.lakestudio.delta.DeltaColumn;
import io.lakestudio.delta.DeltaTables;
import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.LakeException.Kind;
import io.lakestudio.onelake.LakeStore;

/**
 * A small lake built in the test: Delta tables committed through io.lakestudio.delta (placeholder data files:
 * metadata reads never open them), a hand-written Iceberg table, a broken log, Files, a semantic model.
 */
class LocalFolderLakeTest {

	@TempDir
	Path root;
	LocalFolderLake lake;

	@BeforeEach
	void buildLake() throws Exception {
		Path sales = root.resolve("Sales");
		delta(sales.resolve("Orders.Lakehouse/Tables/orders"), List.of("region"), 2, 7);
		delta(sales.resolve("Orders.Lakehouse/Tables/returns"), List.of(), 1, 3);
		Files.createDirectories(sales.resolve("Orders.Lakehouse/Tables/broken/_delta_log"));
		Files.writeString(sales.resolve("Orders.Lakehouse/Tables/broken/_delta_log/00000000000000000000.json"), "{oops");
		iceberg(sales.resolve("Orders.Lakehouse/Tables/ice"));
		write(sales.resolve("Orders.Lakehouse/Files/top.json"), "{}");
		write(sales.resolve("Orders.Lakehouse/Files/raw/2024/a.csv"), "id\n1\n");
		write(sales.resolve("Orders.Lakehouse/Files/raw/b.csv"), "id\n22\n");
		delta(sales.resolve("Curated.Lakehouse/Tables/dbo/customers"), List.of(), 1, 4);
		delta(sales.resolve("Curated.Lakehouse/Tables/staging/customers_raw"), List.of(), 1, 5);
		Files.createDirectories(sales.resolve("Curated.Lakehouse/Tables/emptyschema"));
		Files.createDirectories(sales.resolve("StagingLakehouseForDataflows_20240101.Lakehouse/Tables"));
		write(sales.resolve("Revenue.SemanticModel/definition/model.tmdl"), "model");
		Files.createDirectories(sales.resolve("notAnItem"));
		delta(root.resolve("Finance/Ledger.Warehouse/Tables/dbo/entries"), List.of(), 1, 2);
		Files.createDirectories(root.resolve(".hidden"));
		lake = new LocalFolderLake(root);
	}

	/** The Logs console shows every request a folder lake answers: method, path, outcome, size and time. */
	@Test
	void loggedLakeWritesOneLinePerRequest() throws Exception {
		List<String> lines = new java.util.ArrayList<>();
		io.lakestudio.onelake.LoggedLake logged = new io.lakestudio.onelake.LoggedLake(lake, lines::add);
		Item orders = logged.items("Sales").stream().filter(i -> i.name().equals("Orders")).findFirst().orElseThrow();
		List<LakeTable> tables = logged.tables(orders);
		LakeTable broken = tables.stream().filter(t -> t.name().equals("broken")).findFirst().orElseThrow();
		assertThrows(LakeException.class, () -> logged.tableMetadata(orders, broken));
		byte[] bytes = logged.store().read("Sales/Orders.Lakehouse/Files/raw/b.csv", 0, 100);
		assertThrows(LakeException.class, () -> logged.store().read("Sales/Orders.Lakehouse/Files/nope.csv", 0, 9));

		assertEquals(5, lines.size(), String.join("\n", lines));
		assertTrue(lines.get(0).matches("LIST Sales ok 4 entries \\d+ ms"), lines.get(0));
		assertTrue(lines.get(1).matches("LIST Sales/Orders.Lakehouse/Tables ok " + tables.size() + " entries \\d+ ms"),
				lines.get(1));
		assertTrue(lines.get(2).startsWith("GET " + broken.location() + "/_delta_log failed "), lines.get(2));
		assertEquals("GET Sales/Orders.Lakehouse/Files/raw/b.csv [0+100] ok " + bytes.length + " bytes",
				lines.get(3).replaceAll(" \\d+ ms$", ""));
		assertTrue(lines.get(4).startsWith("GET Sales/Orders.Lakehouse/Files/nope.csv failed NOT_FOUND"), lines.get(4));
	}

	@Test
	void workspacesAndItems() throws Exception {
		assertEquals(List.of(new Workspace("Finance", "Finance"), new Workspace("Sales", "Sales")), lake.workspaces());
		Map<String, Item> items = lake.items("Sales").stream().collect(Collectors.toMap(Item::id, i -> i));
		assertEquals(List.of("Sales/Curated.Lakehouse", "Sales/Orders.Lakehouse", "Sales/Revenue.SemanticModel",
				"Sales/StagingLakehouseForDataflows_20240101.Lakehouse"), items.keySet().stream().sorted().toList());
		Item orders = items.get("Sales/Orders.Lakehouse");
		assertEquals(new Item("Sales/Orders.Lakehouse", "Sales", "Orders", "Lakehouse", false, false,
				"Sales/Orders.Lakehouse/Tables", "Sales/Orders.Lakehouse/Files"), orders);
		assertTrue(items.get("Sales/Curated.Lakehouse").schemaEnabled());
		assertTrue(items.get("Sales/StagingLakehouseForDataflows_20240101.Lakehouse").staging());
		Item model = items.get("Sales/Revenue.SemanticModel");
		assertEquals("SemanticModel", model.type());
		assertFalse(model.hasTables());
		assertEquals(List.of(), lake.tables(model));
		Item dw = lake.items("Finance").get(0);
		assertEquals("Warehouse", dw.type());
		assertTrue(dw.schemaEnabled());
	}

	@Test
	void tablesWithAndWithoutSchemas() throws Exception {
		Item orders = item("Sales", "Sales/Orders.Lakehouse");
		assertEquals(List.of(
				new LakeTable(orders.id(), "", "broken", "Delta", "Sales/Orders.Lakehouse/Tables/broken"),
				new LakeTable(orders.id(), "", "ice", "Iceberg", "Sales/Orders.Lakehouse/Tables/ice"),
				new LakeTable(orders.id(), "", "orders", "Delta", "Sales/Orders.Lakehouse/Tables/orders"),
				new LakeTable(orders.id(), "", "returns", "Delta", "Sales/Orders.Lakehouse/Tables/returns")),
				lake.tables(orders));
		Item curated = item("Sales", "Sales/Curated.Lakehouse");
		assertEquals(List.of("dbo/customers", "staging/customers_raw"),
				lake.tables(curated).stream().map(t -> t.schema() + "/" + t.name()).toList());
	}

	@Test
	void deltaMetadata() throws Exception {
		Item orders = item("Sales", "Sales/Orders.Lakehouse");
		LakeTable t = table(orders, "orders");
		TableMetadata m = lake.tableMetadata(orders, t);
		assertEquals("Delta", m.format());
		assertEquals(2, m.version()); // create + 2 appends
		assertEquals(2, m.numFiles());
		assertEquals(14L, m.numRecords());
		assertEquals(2 * 4, m.sizeBytes()); // 4-byte placeholder files
		assertEquals(List.of("region"), m.partitionColumns());
		assertEquals(List.of(new LakeColumn(0, "id", "long", false, false),
				new LakeColumn(1, "region", "string", true, true), new LakeColumn(2, "amount", "decimal(10,2)", true, false)),
				m.columns());
		assertTrue(Math.abs(m.snapshotTime().toEpochMilli() - System.currentTimeMillis()) < 600_000);
	}

	@Test
	void brokenLogFailsOnlyItsMetadata() throws Exception {
		Item orders = item("Sales", "Sales/Orders.Lakehouse");
		LakeException e = assertThrows(LakeException.class, () -> lake.tableMetadata(orders, table(orders, "broken")));
		assertEquals(Kind.FAILED, e.kind());
		assertTrue(e.getMessage().contains("broken _delta_log") && e.getMessage().contains("broken"), e.getMessage());
		assertEquals(4, lake.tables(orders).size(), "listing still works");
	}

	@Test
	void icebergMetadataFromNewestJson() throws Exception {
		Item orders = item("Sales", "Sales/Orders.Lakehouse");
		TableMetadata m = lake.tableMetadata(orders, table(orders, "ice"));
		assertEquals("Iceberg", m.format());
		assertEquals(2, m.version());
		assertEquals(Instant.ofEpochMilli(1700000002000L), m.snapshotTime());
		assertEquals(List.of(new LakeColumn(0, "id", "long", false, false), new LakeColumn(1, "day", "date", true, true),
				new LakeColumn(2, "tags", "array<string>", true, false)), m.columns());
		assertEquals(List.of("day"), m.partitionColumns());
		assertEquals(30L, m.numRecords());
		assertEquals(3, m.numFiles());
		assertEquals(4096, m.sizeBytes());
	}

	@Test
	void filesOneLevelAtATime() throws Exception {
		Item orders = item("Sales", "Sales/Orders.Lakehouse");
		List<LakeFile> top = lake.files(orders, "");
		assertEquals(List.of("raw/", "top.json"), top.stream().map(f -> f.name() + (f.directory() ? "/" : "")).toList());
		List<LakeFile> raw = lake.files(orders, "raw");
		assertEquals(List.of("raw/2024", "raw/b.csv"), raw.stream().map(LakeFile::path).toList());
		assertEquals(6, raw.get(1).size());
		assertEquals(Kind.NOT_FOUND, assertThrows(LakeException.class, () -> lake.files(orders, "nope")).kind());
		assertEquals(Kind.FAILED, assertThrows(LakeException.class, () -> lake.files(orders, "../Tables")).kind());
	}

	@Test
	void storeReadsRangesInsideTheRootOnly() throws Exception {
		LakeStore s = lake.store();
		String csv = "Sales/Orders.Lakehouse/Files/raw/b.csv";
		assertEquals(6, s.stat(csv).size());
		assertArrayEquals("22".getBytes(StandardCharsets.UTF_8), s.read(csv, 3, 2));
		assertArrayEquals("2\n".getBytes(StandardCharsets.UTF_8), s.read(csv, 4, 100));
		assertEquals(0, s.read(csv, 100, 10).length);
		assertTrue(s.list("Sales/Orders.Lakehouse/Tables/orders", true).stream()
				.anyMatch(e -> e.path().equals("Sales/Orders.Lakehouse/Tables/orders/_delta_log/00000000000000000000.json")));
		assertEquals(Kind.NOT_FOUND, assertThrows(LakeException.class, () -> s.stat("Sales/nope")).kind());
		for (String bad : List.of("../x", "Sales/../../x", "/etc/passwd")) {
			assertEquals(Kind.FAILED, assertThrows(LakeException.class, () -> s.read(bad, 0, 1)).kind(), bad);
		}
		Path outside = Files.writeString(root.getParent().resolve("outside-" + System.nanoTime()), "secret");
		try {
			Files.createSymbolicLink(root.resolve("Sales/link"), outside);
			assertEquals(Kind.FAILED, assertThrows(LakeException.class, () -> s.read("Sales/link", 0, 1)).kind());
		} finally {
			Files.delete(outside);
		}
	}

	@Test
	void missingRootIsNotFound() {
		LocalFolderLake missing = new LocalFolderLake(root.resolve("nope"));
		LakeException e = assertThrows(LakeException.class, missing::workspaces);
		assertEquals(Kind.NOT_FOUND, e.kind());
		assertTrue(e.getMessage().contains("does not exist"), e.getMessage());
		assertEquals(Kind.NOT_FOUND, assertThrows(LakeException.class, () -> lake.items("Nope")).kind());
	}

	private Item item(String ws, String id) throws LakeException {
		return lake.items(ws).stream().filter(i -> i.id().equals(id)).findFirst().orElseThrow();
	}

	private LakeTable table(Item item, String name) throws LakeException {
		return lake.tables(item).stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
	}

	/** A Delta table with {@code commits} appends of one placeholder file of {@code rows} rows each. */
	private static void delta(Path t, List<String> partitions, int commits, long rows) throws Exception {
		DeltaTables.create(t, List.of(new DeltaColumn("id", "long", false), new DeltaColumn("region", "string", true),
				new DeltaColumn("amount", "decimal(10,2)", true)), partitions, Map.of());
		for (int c = 0; c < commits; c++) {
			String rel = (partitions.isEmpty() ? "" : "region=r" + c + "/") + "part-" + c + ".parquet";
			write(t.resolve(rel), "PAR1");
			Map<String, Object> pv = partitions.isEmpty() ? Map.of() : Map.of("region", "r" + c);
			DeltaTables.append(t, List.of(new DataFile(rel, 4, pv, rows, Map.of(), Map.of(), Map.of())));
		}
	}

	private static void iceberg(Path t) throws Exception {
		write(t.resolve("metadata/00001-aaaa.metadata.json"), "{\"format-version\":2,\"current-snapshot-id\":-1,"
				+ "\"current-schema-id\":0,\"schemas\":[{\"schema-id\":0,\"fields\":[]}],\"last-updated-ms\":1}");
		write(t.resolve("metadata/00002-bbbb.metadata.json"), """
				{"format-version":2,"table-uuid":"b","location":"s3://x/ice","last-updated-ms":1700000002000,
				 "current-schema-id":1,
				 "schemas":[{"schema-id":0,"type":"struct","fields":[{"id":1,"name":"id","required":true,"type":"long"}]},
				            {"schema-id":1,"type":"struct","fields":[{"id":1,"name":"id","required":true,"type":"long"},
				              {"id":2,"name":"day","required":false,"type":"date"},
				              {"id":3,"name":"tags","required":false,"type":{"type":"list","element-id":4,"element":"string","element-required":false}}]}],
				 "default-spec-id":0,
				 "partition-specs":[{"spec-id":0,"fields":[{"name":"day","transform":"identity","source-id":2,"field-id":1000}]}],
				 "current-snapshot-id":22,
				 "snapshots":[{"snapshot-id":11,"timestamp-ms":1700000001000,"summary":{"operation":"append","total-records":"10"}},
				              {"snapshot-id":22,"timestamp-ms":1700000002000,"summary":{"operation":"append","total-records":"30",
				               "total-files-size":"4096","total-data-files":"3"}}]}
				""");
		assertNull(LocalFolderLake.format(t.resolve("metadata")));
	}

	private static void write(Path p, String text) throws Exception {
		Files.createDirectories(p.getParent());
		Files.writeString(p, text);
	}
}
