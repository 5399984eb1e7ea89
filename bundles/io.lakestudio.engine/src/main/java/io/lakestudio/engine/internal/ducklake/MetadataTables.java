package io.lakestudio.engine.internal.ducklake;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.SpecTableColumns;
import io.lakestudio.engine.internal.Sql;

/**
 * {@code __ducklake_metadata_<name>.ducklake_*}: a catalog's own tables, readable (never writable) as the
 * extension shows them, each copied from the store into a temp table of the specification's types for the
 * statement that reads it.
 */
final class MetadataTables {

	private MetadataTables() {
	}

	static String define(Connection d, Attached a, String table) throws SQLException, DuckLakeException {
		Map<String, String> cols = SpecTableColumns.of(a.catalog.store().metadata().get("version"), table);
		List<List<String>> inlined = null;
		if (cols == null && (table.startsWith("ducklake_inlined_data_") || table.startsWith("ducklake_inlined_delete_"))) {
			java.util.Optional<io.lakestudio.ducklake.InlinedTable> it = a.catalog.store().inlinedTable(table);
			if (it.isPresent()) {
				cols = it.get().columns();
				inlined = it.get().rows();
			}
		}
		if (cols == null) {
			return null;
		}
		String name = "__dl_meta_" + a.name.replaceAll("[^A-Za-z0-9_]", "_") + "_" + table;
		List<String> defs = new ArrayList<>();
		List<String> marks = new ArrayList<>();
		for (Map.Entry<String, String> c : cols.entrySet()) {
			defs.add(Sql.ident(c.getKey()) + " " + c.getValue());
			marks.add("CAST(? AS " + c.getValue() + ")");
		}
		try (Statement s = d.createStatement()) {
			s.execute("CREATE OR REPLACE TEMP TABLE " + Sql.ident(name) + " (" + String.join(", ", defs) + ")");
		}
		List<List<String>> rows = inlined != null ? inlined : a.catalog.store().rows(table);
		if (!rows.isEmpty()) {
			try (PreparedStatement ps = d.prepareStatement("INSERT INTO " + Sql.ident(name) + " VALUES ("
					+ String.join(", ", marks) + ")")) {
				for (List<String> row : rows) {
					for (int i = 0; i < row.size(); i++) {
						String v = row.get(i);
						if (v != null && cols.values().toArray(String[]::new)[i].equals("BOOLEAN")) {
							v = v.equals("1") || v.equalsIgnoreCase("true") ? "true" : "false";
						}
						ps.setString(i + 1, v);
					}
					ps.addBatch();
				}
				ps.executeBatch();
			}
		}
		return name;
	}
}
