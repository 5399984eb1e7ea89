package io.lakestudio.ducklake.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.InlinedTable;

/**
 * Deletes of data file rows kept in the catalog, as the extension keeps them:
 * {@code ducklake_inlined_delete_<table id>(file_id, row_id, begin_snapshot)}, {@code row_id} the row's position
 * in the file. The table is made by the first such delete; a flush removes the rows it wrote into delete files.
 */
final class InlinedDeletes {

	private InlinedDeletes() {
	}

	static String name(long tableId) {
		return "ducklake_inlined_delete_" + tableId;
	}

	/** Whether the table exists (a failed probe would abort an open DuckDB transaction: the catalog is asked). */
	private static boolean exists(Connection db, boolean sqlite, String name) throws SQLException {
		try (PreparedStatement ps = db.prepareStatement(sqlite
				? "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?"
				: "SELECT count(*) FROM information_schema.tables WHERE table_name = ? AND table_schema = current_schema()")) {
			ps.setString(1, name);
			try (ResultSet r = ps.executeQuery()) {
				r.next();
				return r.getLong(1) > 0;
			}
		}
	}

	/** Data file id, then position to the snapshot that deleted it, for deletes visible at {@code snapshot}. */
	static Map<Long, Map<Long, Long>> read(Connection db, boolean sqlite, long tableId, long snapshot) throws SQLException {
		Map<Long, Map<Long, Long>> out = new LinkedHashMap<>();
		String name = name(tableId);
		if (!exists(db, sqlite, name)) {
			return out;
		}
		try (Statement s = db.createStatement(); ResultSet r = s.executeQuery("SELECT file_id, row_id, begin_snapshot"
				+ " FROM " + name + " WHERE begin_snapshot <= " + snapshot + " ORDER BY file_id, row_id")) {
			while (r.next()) {
				out.computeIfAbsent(r.getLong(1), k -> new TreeMap<>()).put(r.getLong(2), r.getLong(3));
			}
		}
		return out;
	}

	static void write(Connection db, boolean sqlite, Commit c, long s) throws SQLException {
		for (Map.Entry<Long, Set<Long>> e : c.flushedFileDeletes.entrySet()) {
			String name = name(e.getKey());
			if (e.getValue().isEmpty() || !exists(db, sqlite, name)) {
				continue;
			}
			List<String> ids = e.getValue().stream().map(String::valueOf).toList();
			try (Statement st = db.createStatement()) {
				st.executeUpdate("DELETE FROM " + name + " WHERE file_id IN (" + String.join(", ", ids) + ")");
			}
		}
		for (Map.Entry<Long, Map<Long, Set<Long>>> e : c.inlinedFileDeletes.entrySet()) {
			if (e.getValue().values().stream().allMatch(Set::isEmpty)) {
				continue;
			}
			String name = name(e.getKey());
			try (Statement st = db.createStatement()) {
				st.execute("CREATE TABLE IF NOT EXISTS " + name + " (file_id BIGINT, row_id BIGINT, begin_snapshot BIGINT)");
			}
			try (PreparedStatement ps = db.prepareStatement("INSERT INTO " + name + " VALUES (?, ?, ?)")) {
				for (Map.Entry<Long, Set<Long>> f : e.getValue().entrySet()) {
					for (long pos : f.getValue()) {
						ps.setLong(1, f.getKey());
						ps.setLong(2, pos);
						ps.setLong(3, s);
						ps.executeUpdate();
					}
				}
			}
		}
	}

	/** The table {@code name} for {@code __ducklake_metadata_<name>.ducklake_inlined_delete_*}, if it exists. */
	static Optional<InlinedTable> table(Connection db, boolean sqlite, String name) throws SQLException {
		if (!name.matches("ducklake_inlined_delete_\\d+") || !exists(db, sqlite, name)) {
			return Optional.empty();
		}
		Map<String, String> cols = new LinkedHashMap<>();
		cols.put("file_id", "BIGINT");
		cols.put("row_id", "BIGINT");
		cols.put("begin_snapshot", "BIGINT");
		List<List<String>> rows = new ArrayList<>();
		try (Statement s = db.createStatement(); ResultSet r = s.executeQuery("SELECT file_id, row_id, begin_snapshot"
				+ " FROM " + name + " ORDER BY file_id, row_id")) {
			while (r.next()) {
				rows.add(List.of(r.getString(1), r.getString(2), r.getString(3)));
			}
		}
		return Optional.of(new InlinedTable(cols, rows));
	}
}
