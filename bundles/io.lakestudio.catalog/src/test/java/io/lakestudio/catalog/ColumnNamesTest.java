package io.lakestudio.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code find} matches columns through the distinct column names: a file an older build wrote gets them in place
 * when opened, the writes keep them, and the answers are those of the one statement over every column row that
 * {@code find} ran before (run here with plain JDBC on the file).
 */
class ColumnNamesTest {

	@TempDir
	Path home;

	/** The distinct names ignoring case, with their column rows, as plain SQL over lake_column counts them. */
	private static Map<String, Long> expectedNames(Path file) throws Exception {
		Map<String, Long> m = new TreeMap<>();
		try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = c.createStatement();
				ResultSet rs = s.executeQuery("SELECT lower(name), count(*) FROM lake_column GROUP BY lower(name)")) {
			while (rs.next()) {
				m.put(rs.getString(1), rs.getLong(2));
			}
		}
		return m;
	}

	private static Map<String, Long> heldNames(Path file) throws Exception {
		Map<String, Long> m = new TreeMap<>();
		try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = c.createStatement();
				ResultSet rs = s.executeQuery("SELECT name, columns FROM column_name")) {
			while (rs.next()) {
				m.put(rs.getString(1).toLowerCase(Locale.ROOT), rs.getLong(2));
			}
		}
		return m;
	}

	@Test
	void anOlderBuildsFileGetsTheColumnNamesInPlaceAndWritesKeepThem() throws Exception {
		Path file = Catalogs.catalogFile(home, "a");
		try (Catalog c = Catalogs.open(file, "a")) {
			Fixtures.fill(c);
		}
		// the file as a build before the column names left it: same version, no table, index or triggers
		try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); Statement s = c.createStatement()) {
			for (String t : List.of("column_name_insert", "column_name_delete", "column_name_update")) {
				s.execute("DROP TRIGGER " + t);
			}
			s.execute("DROP INDEX lake_column_name");
			s.execute("DROP TABLE column_name");
			// what an older build's sync wrote meanwhile, with no trigger to see it
			s.execute("INSERT INTO lake_column(table_id, ordinal, name, type) VALUES"
					+ " ('Finance/Ledger.Lakehouse//entries', 0, 'Amount', 'double'),"
					+ " ('Finance/Ledger.Lakehouse//entries', 1, 'ORDER_ID', 'long')");
		}
		try (ReadOnlyCatalog c = Catalogs.openReadOnly(file, "a")) {
			assertTrue(c.openNotice().isEmpty(), "migrated, not set aside: " + c.openNotice());
			assertTrue(c.knowsAnything());
			assertEquals(List.of("Finance/Ledger/entries.ORDER_ID", "Sales/Orders/orders.order_id"),
					c.find("order_id", 10).stream().map(SearchHit::path).toList());
		}
		assertEquals(Map.of("amount", 1L, "customer_id", 1L, "order_date", 1L, "order_id", 2L), heldNames(file));

		// every write path of lake_column keeps the names: new metadata, a table dropped, then deleted
		try (Catalog c = Catalogs.open(file, "a")) {
			Item orders = Fixtures.lakehouse("Sales", "Orders");
			c.putTableMetadata(Fixtures.table(orders, "customers").id(), new TableMetadata(LakeTable.DELTA, 1,
					Fixtures.T0, List.of(new LakeColumn(0, "customer_id", "long", false, false),
							new LakeColumn(1, "Name", "string", true, false)), List.of(), 1, 1, 1L), Fixtures.T0);
			c.putTableMetadata(Fixtures.table(orders, "orders").id(), new TableMetadata(LakeTable.DELTA, 4,
					Fixtures.T0, List.of(new LakeColumn(0, "order_id", "long", false, false)), List.of(), 1, 1, 1L),
					Fixtures.T0);
			assertEquals(expectedNames(file), heldNames(file));
			c.replaceTables(orders.id(), List.of(Fixtures.table(orders, "order_lines")), true, Fixtures.T0);
			c.replaceTables(orders.id(), List.of(Fixtures.table(orders, "order_lines")), true, Fixtures.T0);
			assertEquals(expectedNames(file), heldNames(file));
			assertEquals(Map.of("amount", 1L, "order_id", 1L), heldNames(file), "the deleted tables' names went");
		}
	}

	/** find ran this one statement over every column row before; it is the reference the new path must equal. */
	private static List<String> findByEveryRow(Path file, String text, int limit) throws Exception {
		String needle = text.toLowerCase(Locale.ROOT);
		String like = "%" + needle.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
		String q = "SELECT m.kind, w.name, i.name, t.schema_name, t.name, m.name FROM ("
				+ " SELECT kind, ord, tid, iid, wid, name, CASE WHEN lower(name) = ?1 THEN 0"
				+ "  WHEN name LIKE ?2 ESCAPE '\\' THEN 1 ELSE 2 END AS rank FROM ("
				+ "  SELECT 'WORKSPACE' AS kind, 0 AS ord, NULL AS tid, NULL AS iid, w.id AS wid, w.name AS name"
				+ "   FROM workspace w WHERE w.dropped_at IS NULL AND w.name LIKE ?3 ESCAPE '\\'"
				+ "  UNION ALL SELECT 'ITEM', 1, NULL, i.id, i.workspace_id, i.name FROM item i"
				+ "   WHERE i.dropped_at IS NULL AND i.name LIKE ?3 ESCAPE '\\'"
				+ "  UNION ALL SELECT 'TABLE', 2, t.id, t.item_id, NULL, t.name FROM lake_table t"
				+ "   WHERE t.dropped_at IS NULL AND t.name LIKE ?3 ESCAPE '\\'"
				+ "  UNION ALL SELECT 'COLUMN', 3, c.table_id, NULL, NULL, c.name FROM lake_column c"
				+ "   WHERE c.name LIKE ?3 ESCAPE '\\' AND NOT EXISTS (SELECT 1 FROM lake_table d"
				+ "    WHERE d.id = c.table_id AND d.dropped_at IS NOT NULL))"
				+ " ORDER BY rank, ord, length(name), name COLLATE NOCASE, tid LIMIT ?4) m"
				+ " LEFT JOIN lake_table t ON t.id = m.tid LEFT JOIN item i ON i.id = coalesce(m.iid, t.item_id)"
				+ " LEFT JOIN workspace w ON w.id = coalesce(m.wid, i.workspace_id)"
				+ " ORDER BY m.rank, m.ord, length(m.name), m.name COLLATE NOCASE, m.tid";
		List<String> out = new ArrayList<>();
		try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file); var ps = c.prepareStatement(q)) {
			ps.setString(1, needle);
			ps.setString(2, like.substring(1));
			ps.setString(3, like);
			ps.setInt(4, limit);
			try (ResultSet rs = ps.executeQuery()) {
				while (rs.next()) {
					String kind = rs.getString(1);
					String table = rs.getString(2) + "/" + rs.getString(3) + "/"
							+ (rs.getString(4) == null || rs.getString(4).isEmpty() ? "" : rs.getString(4) + "/")
							+ rs.getString(5);
					out.add(kind.toLowerCase(Locale.ROOT) + " " + switch (kind) {
					case "WORKSPACE" -> rs.getString(2);
					case "ITEM" -> rs.getString(2) + "/" + rs.getString(3);
					case "TABLE" -> table;
					default -> table + "." + rs.getString(6);
					});
				}
			}
		}
		return out;
	}

	@Test
	void findAnswersAsTheStatementOverEveryColumnDid() throws Exception {
		Path file = Catalogs.catalogFile(home, "a");
		try (Catalog c = Catalogs.open(file, "a")) {
			c.replaceWorkspaces(List.of(new Workspace("Orders", "Orders"), new Workspace("Ops", "Ops")), true,
					Fixtures.T0);
			Item a = Fixtures.lakehouse("Orders", "order_hub");
			Item b = Fixtures.lakehouse("Ops", "Stats");
			c.replaceItems("Orders", List.of(a), true, Fixtures.T0);
			c.replaceItems("Ops", List.of(b), true, Fixtures.T0);
			for (Item item : List.of(a, b)) {
				List<LakeTable> tables = new ArrayList<>();
				for (int t = 0; t < 30; t++) {
					tables.add(Fixtures.table(item, (t % 4 == 0 ? "order" : "t") + t));
				}
				c.replaceTables(item.id(), tables, true, Fixtures.T0);
				for (int t = 0; t < tables.size(); t++) {
					List<LakeColumn> cols = new ArrayList<>();
					// names in several cases, some shared by every table, some by a few, one by one table
					cols.add(new LakeColumn(0, t % 2 == 0 ? "Order_ID" : "order_id", "long", false, false));
					cols.add(new LakeColumn(1, "c" + (t % 7) + "_order", "string", true, false));
					cols.add(new LakeColumn(2, "id", "long", true, false));
					if (t == 17) {
						cols.add(new LakeColumn(3, "ORDER", "string", true, false));
					}
					c.putTableMetadata(tables.get(t).id(), new TableMetadata(LakeTable.DELTA, 1, Fixtures.T0, cols,
							List.of(), 1, 1, 1L), Fixtures.T0);
				}
			}
			// a table dropped: its columns leave find's answers
			List<LakeTable> kept = new ArrayList<>(c.tables(a.id()));
			kept.removeIf(t -> t.name().equals("order4") || t.name().equals("t1"));
			c.replaceTables(a.id(), kept, true, Fixtures.T0);
		}
		try (ReadOnlyCatalog c = Catalogs.openReadOnly(file, "a")) {
			for (String text : List.of("order", "ORDER_ID", "id", "order_", "c3", "_order", "zzz", "o", "Stats")) {
				for (int limit : List.of(1, 5, 17, 50, 200)) {
					List<String> got = c.find(text, limit).stream()
							.map(h -> h.kind().name().toLowerCase(Locale.ROOT) + " " + h.path()).toList();
					assertEquals(findByEveryRow(file, text, limit), got, text + " limit " + limit);
				}
			}
		}
	}
}
