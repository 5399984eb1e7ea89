package io.lakestudio.engine.internal.ducklake;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.InlinedRow;
import io.lakestudio.ducklake.NestedTypes;
import io.lakestudio.ducklake.Snapshot;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.engine.internal.Sql;

/**
 * Data inlining: an insert of at most {@code data_inlining_row_limit} rows goes into the catalog itself instead of a
 * data file, as the extension does. Reads union a table's inlined rows (marked {@link #FILE} in the views' file id
 * column, their row id as position) with its files; a delete of one ends it; a flush writes them to a file.
 */
final class Inlining {

	/** The data file id the views give an inlined row. */
	static final long FILE = -1;

	/** Scalar types whose text form DuckDB reads back unchanged: only these tables inline. */
	private static final Set<String> INLINABLE = Set.of("boolean", "int8", "int16", "int32", "int64", "uint8",
			"uint16", "uint32", "uint64", "float32", "float64", "varchar", "date", "time", "timestamp", "timestamptz",
			"timestamp_s", "timestamp_ms", "timestamp_ns", "uuid", "blob", "interval", "int128", "uint128");

	/** The extension's ducklake_default_data_inlining_row_limit since DuckLake 1.0. */
	static final long DEFAULT_ROW_LIMIT = 10;

	private Inlining() {
	}

	/**
	 * The row limit for inserts into table {@code t}: the table's or catalog's {@code data_inlining_row_limit}, else
	 * the attach's DATA_INLINING_ROW_LIMIT, else the session's {@code ducklake_default_data_inlining_row_limit}, else
	 * 10, DuckLake 1.0's default: a small insert goes into the catalog, not a Parquet file of its own.
	 */
	static long limit(Attached a, TableEntry t, OptionalLong session) throws DuckLakeException {
		if (!a.catalog.store().keepsInlinedData()) {
			return 0;
		}
		String v = TableOptions.of(a, t).get("data_inlining_row_limit");
		if (v != null && v.strip().matches("\\d+")) {
			return Long.parseLong(v.strip());
		}
		if (a.inliningRowLimit != null) {
			return a.inliningRowLimit;
		}
		return session.orElse(DEFAULT_ROW_LIMIT);
	}

	/**
	 * Each table the commit creates or whose columns it changes, while inlining is on for it, gets its inlined-data
	 * table for the new schema version with the commit, as the extension makes one (a flush later drops those of
	 * superseded versions once empty); a table the commit also inlines rows into has its columns already.
	 */
	static void tablesFor(Attached a, Commit c, CatalogAt view) throws DuckLakeException {
		Set<Long> ids = new LinkedHashSet<>();
		c.newTables.forEach(t -> ids.add(t.id()));
		c.newColumns.forEach(col -> ids.add(col.tableId()));
		ids.addAll(c.endedColumns.keySet());
		ids.removeAll(c.endedTables);
		if (ids.isEmpty()) {
			return; // most commits create or alter no table: no need to walk every table of the catalog
		}
		for (TableEntry t : view.tables()) {
			if (ids.contains(t.id()) && !c.inlinedColumns.containsKey(t.id())) {
				List<ColumnEntry> cols = view.columns(t.id());
				if (inlinable(cols) && limit(a, t, OptionalLong.empty()) > 0) {
					c.inlinedColumns.put(t.id(), List.copyOf(cols));
				}
			}
		}
	}

	/** Whether rows of these columns can be kept inlined (no nested, variant, geometry or decimal columns). */
	/**
	 * Whether table {@code t} has no partitioning at the session's snapshot and the open transaction {@code c} set
	 * or reset none (rows of a table partitioned in any way go to files).
	 */
	static boolean unpartitioned(Attached a, Commit c, TableEntry t) throws DuckLakeException {
		return a.catalog.store().partitioning(t.id(), a.snapshot().id()).isEmpty() && !c.partitionings.containsKey(
				t.id());
	}

	static boolean inlinable(List<ColumnEntry> cols) {
		if (cols.isEmpty()) {
			return false;
		}
		for (ColumnEntry c : cols) {
			if (c.nested() || !INLINABLE.contains(c.type())) {
				return false;
			}
		}
		return true;
	}

	/** The table's inlined rows as the session sees them at {@code at}: its own inserts count, its deletes don't. */
	static List<InlinedRow> rows(Attached a, Snapshot at, Commit pending, long tableId) throws DuckLakeException {
		List<InlinedRow> out = new ArrayList<>(a.catalog.store().inlinedRows(tableId, at.id()));
		if (pending != null) {
			Set<Long> gone = pending.inlinedDeletes.getOrDefault(tableId, Set.of());
			out.removeIf(r -> gone.contains(r.rowId()));
			out.addAll(pending.inlinedInserts.getOrDefault(tableId, List.of()));
		}
		return out;
	}

	/**
	 * The deletes of the table's file rows kept in the catalog as the session sees them at {@code at}: data file
	 * id to positions (its own count; those a pending flush wrote into a delete file are there instead).
	 */
	static Map<Long, Set<Long>> fileDeletes(Attached a, Snapshot at, Commit pending, long tableId)
			throws DuckLakeException {
		Map<Long, Set<Long>> out = new LinkedHashMap<>();
		Set<Long> flushed = pending == null ? Set.of() : pending.flushedFileDeletes.getOrDefault(tableId, Set.of());
		for (Map.Entry<Long, Map<Long, Long>> e : a.catalog.store().inlinedFileDeletes(tableId, at.id()).entrySet()) {
			if (!flushed.contains(e.getKey())) {
				out.computeIfAbsent(e.getKey(), k -> new java.util.TreeSet<>()).addAll(e.getValue().keySet());
			}
		}
		if (pending != null) {
			for (Map.Entry<Long, Set<Long>> e : pending.inlinedFileDeletes.getOrDefault(tableId, Map.of()).entrySet()) {
				out.computeIfAbsent(e.getKey(), k -> new java.util.TreeSet<>()).addAll(e.getValue());
			}
		}
		out.values().removeIf(Set::isEmpty);
		return out;
	}

	/** {@code (file, pos)} rows of the deletes, for a VALUES list. */
	static List<String> deleteRows(Map<Long, Set<Long>> deletes, java.util.Collection<Long> files) {
		List<String> out = new ArrayList<>();
		for (Map.Entry<Long, Set<Long>> e : deletes.entrySet()) {
			if (files.contains(e.getKey())) {
				for (long pos : e.getValue()) {
					out.add("(" + e.getKey() + "::BIGINT, " + pos + "::BIGINT)");
				}
			}
		}
		return out;
	}

	/** A SELECT of the rows with the table's columns (by name), {@link Views#FILE} and {@link Views#POS}. */
	static String select(List<ColumnEntry> cols, List<InlinedRow> rows) {
		List<String> values = new ArrayList<>();
		for (InlinedRow r : rows) {
			List<String> v = new ArrayList<>();
			v.add(String.valueOf(r.rowId()));
			for (ColumnEntry c : cols) {
				String x = r.values().containsKey(c.id()) ? r.values().get(c.id()) : c.initialDefault();
				v.add(x == null ? "NULL::VARCHAR" : Sql.string(x));
			}
			values.add("(" + String.join(", ", v) + ")");
		}
		List<String> names = new ArrayList<>();
		List<String> select = new ArrayList<>();
		names.add("__rid");
		int i = 0;
		for (ColumnEntry c : cols) {
			names.add("v" + i);
			select.add("CAST(v" + i++ + " AS " + NestedTypes.duckType(c) + ") AS " + Sql.ident(c.name()));
		}
		select.add(FILE + "::BIGINT AS " + Views.FILE);
		select.add("__rid::BIGINT AS " + Views.POS);
		return "SELECT " + String.join(", ", select) + " FROM (VALUES " + String.join(", ", values) + ") __il("
				+ String.join(", ", names) + ")";
	}

	/**
	 * Inlines the rows of temp table {@code source} in the order of {@code orderBy} ("" or an ORDER BY), with row
	 * ids from {@code firstRowId}, or those of its column {@code idColumn} when not null; returns how many.
	 */
	static long insert(Connection d, Commit c, TableEntry t, List<ColumnEntry> cols, String source, String orderBy,
			long firstRowId, String idColumn) throws SQLException {
		List<String> select = new ArrayList<>();
		for (ColumnEntry col : cols) {
			select.add("CAST(CAST(" + Sql.ident(col.name()) + " AS " + NestedTypes.duckType(col) + ") AS VARCHAR)");
		}
		if (idColumn != null) {
			select.add(Sql.ident(idColumn));
		}
		List<InlinedRow> rows = rows(d, cols, "SELECT " + String.join(", ", select) + " FROM " + Sql.ident(source)
				+ orderBy, firstRowId, idColumn != null);
		add(c, t, cols, rows);
		return rows.size();
	}

	/**
	 * The rows of {@code query} (each column's value as text, in the order of {@code cols}; then its row id when
	 * {@code ids}, else numbered from {@code firstRowId}).
	 */
	static List<InlinedRow> rows(Connection d, List<ColumnEntry> cols, String query, long firstRowId, boolean ids)
			throws SQLException {
		List<InlinedRow> rows = new ArrayList<>();
		long id = firstRowId;
		try (Statement s = d.createStatement(); ResultSet r = s.executeQuery(query)) {
			while (r.next()) {
				Map<Long, String> values = new LinkedHashMap<>();
				for (int i = 0; i < cols.size(); i++) {
					values.put(cols.get(i).id(), r.getString(i + 1));
				}
				rows.add(new InlinedRow(ids ? r.getLong(cols.size() + 1) : id, 0, values));
				id++;
			}
		}
		return rows;
	}

	/** Adds {@code added} to the transaction's inlined rows of table {@code t}. */
	static void add(Commit c, TableEntry t, List<ColumnEntry> cols, List<InlinedRow> added) {
		List<InlinedRow> rows = c.inlinedInserts.computeIfAbsent(t.id(), k -> new ArrayList<>());
		// rows inlined before this transaction's ADD COLUMN hold no value of it: they are written with these columns,
		// so with the default they read
		rows.replaceAll(r -> {
			Map<Long, String> values = new LinkedHashMap<>(r.values());
			cols.forEach(col -> values.putIfAbsent(col.id(), col.initialDefault()));
			return new InlinedRow(r.rowId(), r.beginSnapshot(), values);
		});
		c.inlinedColumns.put(t.id(), List.copyOf(cols));
		rows.addAll(added);
	}

	/** Deletes inlined rows by row id: the transaction's own go from it, committed ones end at its snapshot. */
	static void delete(Commit c, long tableId, Collection<Long> rowIds) {
		Set<Long> ids = new LinkedHashSet<>(rowIds);
		List<InlinedRow> own = c.inlinedInserts.get(tableId);
		if (own != null) {
			own.removeIf(r -> ids.remove(r.rowId()));
		}
		if (!ids.isEmpty()) {
			c.inlinedDeletes.computeIfAbsent(tableId, k -> new LinkedHashSet<>()).addAll(ids);
		}
	}
}
