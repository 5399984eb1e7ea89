package io.lakestudio.ducklake.internal;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The system columns of an inlined-data table: {@code row_id, begin_snapshot, end_snapshot} in a 1.0 catalog,
 * {@code _ducklake_row_id, _ducklake_begin_snapshot, _ducklake_end_snapshot} from 1.1 on (so that a user's column
 * can't be named as one), always the table's first three. Migrating to 1.1 renames them in every inlined-data
 * table the catalog lists, as the extension's {@code MigrateInlinedColumnNames} does, with its messages.
 */
record InlinedColumnNames(String rowId, String beginSnapshot, String endSnapshot) {

	static final InlinedColumnNames V1_0 = new InlinedColumnNames("row_id", "begin_snapshot", "end_snapshot");
	static final InlinedColumnNames V1_1 = new InlinedColumnNames("_ducklake_row_id", "_ducklake_begin_snapshot",
			"_ducklake_end_snapshot");

	static InlinedColumnNames of(String version) {
		return SpecTables.isV1_1(version) ? V1_1 : V1_0;
	}

	private List<String> all() {
		return List.of(rowId, beginSnapshot, endSnapshot);
	}

	/** The migration's step: each listed table's system columns renamed, or nothing when one can't be. */
	static void rename(Connection db, Map<String, Set<String>> tables) throws SQLException {
		Map<String, String> listed = new LinkedHashMap<>(); // inlined-data table to the user's table name
		try (Statement s = db.createStatement(); ResultSet r = s.executeQuery("SELECT i.table_name,"
				+ " (SELECT t.table_name FROM ducklake_table t WHERE t.table_id = i.table_id AND t.end_snapshot IS NULL)"
				+ " FROM ducklake_inlined_data_tables i ORDER BY i.table_name")) {
			while (r.next()) {
				listed.put(r.getString(1), r.getString(2) == null ? r.getString(1) : r.getString(2));
			}
		}
		List<String> renames = new ArrayList<>();
		for (Map.Entry<String, String> e : listed.entrySet()) {
			String table = e.getKey();
			List<String> names = new ArrayList<>();
			try (Statement s = db.createStatement();
					ResultSet r = s.executeQuery("SELECT * FROM " + ident(table) + " LIMIT 0")) {
				ResultSetMetaData m = r.getMetaData();
				for (int i = 1; i <= m.getColumnCount(); i++) {
					names.add(m.getColumnName(i).toLowerCase(Locale.ROOT));
				}
			} catch (SQLException x) {
				throw new SQLException("Failed to read inlined-data table \"" + table
						+ "\" while migrating to v1.1-dev1: " + x.getMessage(), x);
			}
			if (names.size() < 3) {
				throw unexpected(table);
			}
			List<String> user = names.subList(3, names.size());
			for (int i = 0; i < 3; i++) {
				String from = V1_0.all().get(i);
				String to = V1_1.all().get(i);
				if (names.get(i).equals(to)) {
					continue;
				}
				if (!names.get(i).equals(from)) {
					throw unexpected(table);
				}
				if (user.contains(to)) {
					throw new SQLException("Failed to rename inlined-data metadata columns while migrating to"
							+ " v1.1-dev1: table \"" + e.getValue() + "\" has a column \"" + to + "\" colliding with the"
							+ " renamed metadata column. Rename the column and call ducklake_flush_inlined_data() before"
							+ " migrating");
				}
				renames.add("ALTER TABLE " + ident(table) + " RENAME COLUMN " + from + " TO " + to);
			}
		}
		for (String r : renames) {
			Migration.execute(db, r);
		}
	}

	private static SQLException unexpected(String table) {
		return new SQLException("Failed to rename inlined-data metadata columns of \"" + table
				+ "\" while migrating to v1.1-dev1: the table has an unexpected column layout");
	}

	static String ident(String name) {
		return "\"" + name.replace("\"", "\"\"") + "\"";
	}
}
