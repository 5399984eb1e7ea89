package io.lakestudio.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.catalog.Resolution.Answer;

/**
 * exists' closest names, whose bounds SQLite works out, and an item's tables and ls's lines of them, which SQLite
 * hands over as one text: they answer as plain JDBC reading every row and measuring every name would.
 */
class ClosestInCatalogTest {

	@TempDir
	Path home;

	/** Names of the shapes that break a careless bound: doubled letters, case, letters SQLite's lower() keeps. */
	private static List<String> names() {
		Random r = new Random(7);
		List<String> names = new ArrayList<>();
		for (int i = 0; i < 600; i++) {
			names.add(switch (i % 6) {
			case 0 -> "table_" + i;
			case 1 -> "aaa" + "a".repeat(r.nextInt(4)) + "b" + i;
			case 2 -> "Sales_" + (char) ('A' + r.nextInt(26)) + i;
			case 3 -> "Ünïcode_" + (char) ('a' + r.nextInt(3)) + i;
			case 4 -> "ÉTÉ_" + i;
			default -> "t" + r.nextInt(30) + "_" + i;
			});
		}
		// an upper-case letter SQLite's lower() keeps: its bound worked out there would pass the five below
		names.addAll(List.of("ÀÀÀÀÀÀÀÀ", "àààààààb", "ààààààbb", "àààààbbb", "ààààààbà", "bààààààà"));
		return names;
	}

	@Test
	void closestTablesAreEveryDistanceSorted() throws Exception {
		Path file = Catalogs.catalogFile(home, "a");
		try (Catalog c = Catalogs.open(file, "a")) {
			c.replaceWorkspaces(List.of(new Workspace("W", "W")), true, Fixtures.T0);
			Item item = Fixtures.lakehouse("W", "L");
			c.replaceItems("W", List.of(item), true, Fixtures.T0);
			c.replaceTables(item.id(), names().stream().map(n -> Fixtures.table(item, n)).toList(), true, Fixtures.T0);
			for (String wanted : List.of("table_12x4", "aaaaxb7", "AAAAAAB1x", "aaaaaa", "ünïcode_b3x", "ÜNÏCODE_A9", "été_4x",
					"sales_q77", "t3_", "x", "zzzzzzzzzzzzzzzzzzzzzzzzzz", "Ü", "àààààààà",
					// a pair of two letters the wanted name holds twice, counted twice wherever a name holds it once
					"tabletable_1", "t1_t1_12", "sales_sales_b4")) {
				Resolution res = c.resolve(TableName.parse("W/L/" + wanted));
				assertEquals(Answer.MISSING, res.answer(), wanted);
				String w = wanted.toLowerCase(Locale.ROOT);
				List<String> every = names().stream().sorted(Comparator.comparingInt(
						(String n) -> Names.distance(n.toLowerCase(Locale.ROOT), w)).thenComparing(n -> n))
						.limit(5).map(n -> "W/L/" + n).toList();
				assertEquals(every, res.closest(), wanted);
			}
		}
	}

	@Test
	void anItemsTablesAsEveryRowHoldsThem() throws Exception {
		Path file = Catalogs.catalogFile(home, "a");
		try (Catalog c = Catalogs.open(file, "a")) {
			Fixtures.fill(c);
			Item orders = Fixtures.lakehouse("Sales", "Orders");
			List<LakeTable> tables = new ArrayList<>(c.tables(orders.id()));
			// a name holding the text's own separators, and a schema: read back all the same
			tables.add(new LakeTable(orders.id(), "", "odd\u001dname\u001e", null, null));
			tables.add(new LakeTable(orders.id(), "dbo", "Sch", LakeTable.ICEBERG, "x"));
			c.replaceTables(orders.id(), tables, true, Fixtures.T0);
			c.replaceTables(orders.id(), tables.subList(0, tables.size() - 1), true, Fixtures.T0.plusSeconds(60));
			for (Item item : List.of(orders, Fixtures.lakehouse("Finance", "Ledger"), Fixtures.lakehouse("X", "Y"))) {
				assertEquals(everyRow(file, item.id()), c.tables(item.id()), item.id());
				assertEquals(everyRow(file, item.id()).stream().map(t -> new ReadOnlyCatalog.TableLine(t.schema(),
						t.name(), t.format(), t.snapshotVersion(), t.sizeBytes(), t.lastRead(), t.droppedAt())).toList(),
						c.tableLines(item.id()), item.id());
			}
			assertEquals(5, c.tables(orders.id()).size());
		}
	}

	/** The item's tables read column by column with plain JDBC. */
	private static List<LakeTable> everyRow(Path file, String itemId) throws Exception {
		List<LakeTable> out = new ArrayList<>();
		try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); var ps = c.prepareStatement(
				"SELECT * FROM lake_table WHERE item_id = ? ORDER BY schema_name COLLATE NOCASE, name COLLATE NOCASE")) {
			ps.setString(1, itemId);
			try (ResultSet rs = ps.executeQuery()) {
				while (rs.next()) {
					String parts = rs.getString("partition_columns");
					out.add(new LakeTable(rs.getString("item_id"), rs.getString("schema_name"), rs.getString("name"),
							rs.getString("format"), rs.getString("location"), number(rs, "snapshot_version"),
							number(rs, "size_bytes"), number(rs, "num_files"), number(rs, "num_records"),
							parts == null ? List.of() : List.of(parts.split("\u001f")), time(rs, "last_read"),
							time(rs, "metadata_read"), time(rs, "dropped_at")));
				}
			}
		}
		return out;
	}

	private static Long number(ResultSet rs, String column) throws Exception {
		long v = rs.getLong(column);
		return rs.wasNull() ? null : v;
	}

	private static java.time.Instant time(ResultSet rs, String column) throws Exception {
		Long v = number(rs, column);
		return v == null ? null : java.time.Instant.ofEpochMilli(v);
	}
}
