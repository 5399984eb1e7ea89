package io.lakestudio.moraine.ducklake;

import static io.lakestudio.moraine.ducklake.CommitRows.row;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.InlinedRow;
import io.lakestudio.ducklake.InlinedTable;
import io.lakestudio.moraine.CatalogSnapshot;
import io.lakestudio.moraine.DucklakeRows;

/**
 * A DuckLake commit's inlined data as the rows the SQLite store writes for it, carried through the host rows
 * path: an inlined row is a {@code moraine_inlined_row} (begins at the commit, ends when deleted), its values by
 * column id in one text field; the inlined-data table it belongs to ({@code ducklake_inlined_data_<table>_<schema
 * version>}, the table's last schema version) is listed in ducklake_inlined_data_tables as the extension lists it;
 * an inlined delete of a file row is a {@code moraine_inlined_delete}, gone when a flush wrote it into a delete
 * file. moraine's own inlineInsert takes Arrow chunks and keeps its own stats, which the host computes itself.
 */
final class InlinedRows {

	static final String ROWS = "moraine_inlined_row";
	static final String DELETES = "moraine_inlined_delete";

	private InlinedRows() {
	}

	/** The commit's inlined deletes, inserts and file deletes, in snapshot {@code s} (after its schema versions). */
	static void write(DucklakeRows rows, Commit c, long s, long schemaVersion) {
		for (Map.Entry<Long, Set<Long>> e : c.inlinedDeletes.entrySet()) {
			for (long id : e.getValue()) {
				rows.end(ROWS, row("table_id", e.getKey(), "row_id", id));
			}
		}
		for (Map.Entry<Long, List<InlinedRow>> e : c.inlinedInserts.entrySet()) {
			if (e.getValue().isEmpty()) {
				continue;
			}
			long t = e.getKey();
			long sv = tableVersion(rows, t, schemaVersion);
			if (rows.live("ducklake_inlined_data_tables", row("table_id", t, "schema_version", sv)).isEmpty()) {
				rows.insert("ducklake_inlined_data_tables", row("table_id", t, "schema_version", sv, "table_name",
						"ducklake_inlined_data_" + t + "_" + sv));
			}
			for (InlinedRow r : e.getValue()) {
				rows.insert(ROWS, row("table_id", t, "row_id", r.rowId(), "schema_version", sv, "row_values",
						encode(r.values())));
			}
		}
		for (Map.Entry<Long, Set<Long>> e : c.flushedFileDeletes.entrySet()) {
			for (long file : e.getValue()) {
				rows.delete(DELETES, row("table_id", e.getKey(), "file_id", file));
			}
		}
		for (Map.Entry<Long, Map<Long, Set<Long>>> e : c.inlinedFileDeletes.entrySet()) {
			for (Map.Entry<Long, Set<Long>> f : e.getValue().entrySet()) {
				for (long pos : f.getValue()) {
					rows.insert(DELETES, row("table_id", e.getKey(), "file_id", f.getKey(), "row_id", pos,
							"delete_snapshot", s));
				}
			}
		}
	}

	/** The last schema version that changed the table (what its inlined rows are written under). */
	private static long tableVersion(DucklakeRows rows, long table, long dflt) {
		long v = -1;
		for (Map<String, Object> r : rows.live("ducklake_schema_versions", row("table_id", table))) {
			v = Math.max(v, (Long) r.get("schema_version"));
		}
		return v < 0 ? dflt : v;
	}

	/** The table's inlined rows the snapshot sees, by row id. */
	static List<InlinedRow> read(CatalogSnapshot s, long table) {
		List<InlinedRow> out = new ArrayList<>();
		for (Map<String, Object> r : s.ducklakeRows(ROWS)) {
			if ((Long) r.get("table_id") == table && r.get("end_snapshot") == null) {
				out.add(new InlinedRow((Long) r.get("row_id"), (Long) r.get("begin_snapshot"),
						decode((String) r.get("row_values"))));
			}
		}
		out.sort(java.util.Comparator.comparingLong(InlinedRow::rowId));
		return out;
	}

	/** Data file id, then position to the snapshot that deleted it, for deletes made by {@code snapshot}. */
	static Map<Long, Map<Long, Long>> fileDeletes(CatalogSnapshot s, long table, long snapshot) {
		Map<Long, Map<Long, Long>> out = new TreeMap<>();
		for (Map<String, Object> r : s.ducklakeRows(DELETES)) {
			if ((Long) r.get("table_id") == table && (Long) r.get("delete_snapshot") <= snapshot) {
				out.computeIfAbsent((Long) r.get("file_id"), k -> new TreeMap<>()).put((Long) r.get("row_id"),
						(Long) r.get("delete_snapshot"));
			}
		}
		return out;
	}

	/** Each value as {@code <column id>:<length, -1 for NULL>:<text>}, so any text (colons too) reads back whole. */
	static String encode(Map<Long, String> values) {
		StringBuilder b = new StringBuilder();
		for (Map.Entry<Long, String> e : values.entrySet()) {
			String v = e.getValue();
			b.append(e.getKey()).append(':').append(v == null ? -1 : v.length()).append(':');
			if (v != null) {
				b.append(v);
			}
		}
		return b.toString();
	}

	static Map<Long, String> decode(String text) {
		Map<Long, String> out = new LinkedHashMap<>();
		int i = 0;
		while (i < text.length()) {
			int a = text.indexOf(':', i);
			int b = text.indexOf(':', a + 1);
			long id = Long.parseLong(text.substring(i, a));
			int n = Integer.parseInt(text.substring(a + 1, b));
			out.put(id, n < 0 ? null : text.substring(b + 1, b + 1 + n));
			i = b + 1 + Math.max(n, 0);
		}
		return out;
	}

	/** {@code ducklake_inlined_delete_<table>} as the SQLite store holds it: its live inlined file deletes. */
	static Optional<InlinedTable> deleteTable(CatalogSnapshot s, long table) {
		if (s.tables().stream().noneMatch(t -> t.id().value() == table)) {
			return Optional.empty();
		}
		Map<String, String> cols = new LinkedHashMap<>();
		cols.put("file_id", "BIGINT");
		cols.put("row_id", "BIGINT");
		cols.put("begin_snapshot", "BIGINT");
		List<List<String>> rows = new ArrayList<>();
		fileDeletes(s, table, Long.MAX_VALUE).forEach((file, at) -> at.forEach((pos, snap) -> rows
				.add(List.of(String.valueOf(file), String.valueOf(pos), String.valueOf(snap)))));
		return Optional.of(new InlinedTable(cols, rows));
	}

	/**
	 * {@code ducklake_inlined_data_<table>_<sv>} as the SQLite store holds it: every row written under the schema
	 * version, ended ones too, over {@code cols} (the table's columns as the version began).
	 */
	static InlinedTable dataTable(CatalogSnapshot s, long table, long sv, List<ColumnEntry> cols, boolean v11) {
		List<List<String>> rows = new ArrayList<>();
		List<Map<String, Object>> stored = new ArrayList<>(s.ducklakeRows(ROWS));
		stored.sort(java.util.Comparator.comparing(r -> (Long) r.get("row_id")));
		for (Map<String, Object> r : stored) {
			if ((Long) r.get("table_id") != table || (Long) r.get("schema_version") != sv) {
				continue;
			}
			Map<Long, String> values = decode((String) r.get("row_values"));
			List<String> row = new ArrayList<>();
			row.add(String.valueOf(r.get("row_id")));
			row.add(String.valueOf(r.get("begin_snapshot")));
			row.add(r.get("end_snapshot") == null ? null : String.valueOf(r.get("end_snapshot")));
			cols.forEach(c -> row.add(values.get(c.id())));
			rows.add(row);
		}
		return new InlinedTable(columns(cols, v11), rows);
	}

	/**
	 * The columns of an inlined-data table: its row's bookkeeping (named {@code _ducklake_row_id...} from DuckLake 1.1
	 * on, so a user's column can't clash), then the table's columns by name and type.
	 */
	private static Map<String, String> columns(List<ColumnEntry> cols, boolean v11) {
		Map<String, String> out = new LinkedHashMap<>();
		String system = v11 ? "_ducklake_" : "";
		out.put(system + "row_id", "BIGINT");
		out.put(system + "begin_snapshot", "BIGINT");
		out.put(system + "end_snapshot", "BIGINT");
		for (ColumnEntry c : cols) {
			out.put(c.name(), io.lakestudio.ducklake.NestedTypes.duckType(c));
		}
		return out;
	}
}
