package io.lakestudio.engine.internal.ducklake;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.ColumnStats;
import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DataFile;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.GeoStats;
import io.lakestudio.ducklake.InlinedRow;
import io.lakestudio.ducklake.MetadataStore;
import io.lakestudio.ducklake.NestedTypes;
import io.lakestudio.ducklake.TableColumnStats;
import io.lakestudio.ducklake.VariantStats;
import io.lakestudio.engine.internal.Sql;

/**
 * A commit's share of {@code ducklake_table_column_stats}, as the extension keeps it at each commit: each new data
 * file's footer stats (its leaf columns'), each inlined row's values, and for a table maintenance compacted, all
 * of it recomputed from every file and inlined row the table keeps (rewritten files no longer hold deleted rows, so
 * its range narrows). ALTER ... ADD COLUMN adds the new column's default itself ({@link #added}), as only it knows
 * whether the table had rows then.
 */
final class ColumnStatsCommit {

	private ColumnStatsCommit() {
	}

	/**
	 * Fills {@code c.columnStats} from what it adds; called once, right before the store writes it. {@code cat}: the
	 * catalog with the commit's changes (its columns' types).
	 */
	static void collect(MetadataStore store, Commit c, CatalogAt cat) throws DuckLakeException {
		Map<Long, Map<Long, String>> types = new HashMap<>();
		Set<Long> touched = new java.util.LinkedHashSet<>(c.compactedTables);
		c.newDataFiles.forEach(f -> touched.add(f.tableId()));
		touched.addAll(c.inlinedInserts.keySet());
		for (long t : touched) {
			// a table whose rows came before its stats were kept (an older catalog): all of them, not these alone
			if (c.compactedTables.contains(t) || store.tableColumnStats(t).isEmpty() && store.tableStats(t).map(
					s -> s.recordCount() > 0).orElse(false)) {
				recompute(store, c, t, types(cat, t, types));
			}
		}
		for (DataFile f : c.newDataFiles) {
			if (!c.recomputedStats.contains(f.tableId())) {
				file(into(c, f.tableId()), f.stats(), c.variantStats.get(f.id()), types(cat, f.tableId(), types));
			}
		}
		for (Map.Entry<Long, List<InlinedRow>> e : c.inlinedInserts.entrySet()) {
			if (!c.recomputedStats.contains(e.getKey())) {
				rows(into(c, e.getKey()), e.getValue(), types(cat, e.getKey(), types));
			}
		}
		c.columnStats.values().removeIf(Map::isEmpty);
	}

	/**
	 * A column added to a table that has rows: they read its default, so its stats start from it (as text of the
	 * column's type, {@code true} for a BOOLEAN's {@code 1}).
	 */
	static void added(Connection d, Commit c, long table, ColumnEntry column, boolean hasRows) throws SQLException {
		if (!hasRows || !column.children().isEmpty() || column.type().equals("variant")) {
			return;
		}
		String value = null;
		if (column.initialDefault() != null) {
			try (Statement s = d.createStatement(); ResultSet r = s.executeQuery("SELECT CAST(CAST("
					+ Sql.string(column.initialDefault()) + " AS " + NestedTypes.duckType(column) + ") AS VARCHAR)")) {
				r.next();
				value = r.getString(1);
			}
		}
		TableColumnStats.add(into(c, table), new TableColumnStats(column.id(), column.type(), value == null,
				nanType(column.type()) ? Boolean.FALSE : null, value, value));
	}

	private static void recompute(MetadataStore store, Commit c, long t, Map<Long, String> types)
			throws DuckLakeException {
		c.recomputedStats.add(t);
		Map<Long, TableColumnStats> out = into(c, t);
		out.clear();
		Set<Long> gone = new java.util.HashSet<>(c.endedDataFiles);
		c.removedDataFiles.forEach(f -> gone.add(f.dataFileId()));
		Map<Long, List<ColumnStats>> stats = store.fileColumnStats(t);
		Map<Long, List<VariantStats>> variants = types.containsValue("variant") ? store.fileVariantStats(t)
				: Map.of();
		for (DataFile f : store.dataFiles(t, c.base().id())) {
			if (!gone.contains(f.id())) {
				file(out, stats.getOrDefault(f.id(), List.of()), variants.get(f.id()), types);
			}
		}
		for (DataFile f : c.newDataFiles) {
			if (f.tableId() == t) {
				file(out, f.stats(), c.variantStats.get(f.id()), types);
			}
		}
		Set<Long> deleted = c.inlinedDeletes.getOrDefault(t, Set.of());
		rows(out, store.inlinedRows(t, c.base().id()).stream().filter(r -> !deleted.contains(r.rowId())).toList(),
				types);
		rows(out, c.inlinedInserts.getOrDefault(t, List.of()), types);
	}

	/**
	 * A file's stats; a VARIANT column's are its shredded fields ({@code variants}, the file's), which keep to the
	 * table's only while every file has them of one type.
	 */
	private static void file(Map<Long, TableColumnStats> out, List<ColumnStats> stats, List<VariantStats> variants,
			Map<Long, String> types) {
		for (ColumnStats s : stats) {
			String type = types.get(s.columnId());
			if (type == null) {
				continue;
			}
			if (type.equals("variant")) {
				List<VariantStats> fields = new java.util.ArrayList<>();
				for (VariantStats v : variants == null ? List.<VariantStats>of() : variants) {
					if (v.columnId() == s.columnId()) {
						fields.add(v);
					}
				}
				TableColumnStats.add(out, new TableColumnStats(s.columnId(), type, s.nullCount() > 0, null, null,
						null, fields));
			} else if (type.equals("geometry")) { // no min or max: its bounding box and types
				TableColumnStats.add(out, new TableColumnStats(s.columnId(), type, s.nullCount() > 0, null, null,
						null, null, s.geo() == null ? GeoStats.EMPTY : s.geo()));
			} else {
				TableColumnStats.add(out, new TableColumnStats(s.columnId(), type, s.nullCount() > 0,
						s.containsNan(), s.min(), s.max()));
			}
		}
	}

	private static void rows(Map<Long, TableColumnStats> out, List<InlinedRow> rows, Map<Long, String> types) {
		for (InlinedRow r : rows) {
			for (Map.Entry<Long, String> v : r.values().entrySet()) {
				String type = types.get(v.getKey());
				if (type == null || type.equals("variant")) {
					continue; // an inlined VARIANT has no shredded fields to keep stats of
				}
				String value = v.getValue();
				boolean nan = nanType(type) && value != null && value.equalsIgnoreCase("nan");
				String bound = nan ? null : value;
				TableColumnStats.add(out, new TableColumnStats(v.getKey(), type, value == null, nanType(type) ? nan
						: null, bound, bound));
			}
		}
	}

	private static boolean nanType(String type) {
		return type.equals("float32") || type.equals("float64");
	}

	private static Map<Long, TableColumnStats> into(Commit c, long table) {
		return c.columnStats.computeIfAbsent(table, k -> new LinkedHashMap<>());
	}

	/** The DuckLake type of each leaf column of the table (the ones a footer has stats of, variants too). */
	private static Map<Long, String> types(CatalogAt cat, long table, Map<Long, Map<Long, String>> known) {
		return known.computeIfAbsent(table, t -> {
			Map<Long, String> out = new HashMap<>();
			for (ColumnEntry top : cat.columns(t)) {
				for (NestedColumns.Leaf leaf : NestedColumns.leaves(top)) {
					out.put(leaf.column().id(), leaf.column().type());
				}
			}
			return out;
		});
	}
}
