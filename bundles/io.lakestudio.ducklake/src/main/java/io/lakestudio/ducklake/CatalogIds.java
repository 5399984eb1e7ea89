package io.lakestudio.ducklake;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.LongUnaryOperator;

/**
 * Renumbers the catalog ids (schemas, tables, views, macros, partitionings, sort orders) a {@link Commit} names,
 * in its rows and in its {@code changes_made} entries. Column ids are field ids within their table and file ids
 * have their own counter, so neither moves here.
 */
final class CatalogIds {

	private CatalogIds() {
	}

	static void move(Commit c, LongUnaryOperator m) {
		replace(c.newSchemas, e -> new SchemaEntry(m.applyAsLong(e.id()), e.uuid(), e.beginSnapshot(), e.name(),
				e.path()));
		replace(c.endedSchemas, m);
		replace(c.newTables, e -> new TableEntry(m.applyAsLong(e.id()), e.uuid(), e.beginSnapshot(),
				m.applyAsLong(e.schemaId()), e.name(), e.path()));
		replace(c.endedTables, m);
		replace(c.newColumns, e -> column(e, m));
		replace(c.newViews, e -> new ViewEntry(m.applyAsLong(e.id()), e.uuid(), e.beginSnapshot(),
				m.applyAsLong(e.schemaId()), e.name(), e.dialect(), e.sql(), e.columnAliases()));
		replace(c.endedViews, m);
		replace(c.newMacros, e -> new MacroEntry(m.applyAsLong(e.id()), m.applyAsLong(e.schemaId()), e.name(),
				e.beginSnapshot(), e.impls()));
		replace(c.endedMacros, m);
		keys(c.endedColumns, m, v -> v);
		replace(c.newDataFiles, f -> new DataFile(f.id(), m.applyAsLong(f.tableId()), f.beginSnapshot(), f.path(),
				f.relative(), f.recordCount(), f.fileSizeBytes(), f.footerSize(), f.rowIdStart(), f.stats()));
		replace(c.newDeleteFiles, f -> new DeleteFile(f.id(), m.applyAsLong(f.tableId()), f.beginSnapshot(),
				f.dataFileId(), f.path(), f.relative(), f.deleteCount(), f.fileSizeBytes(), f.footerSize(), f.partialMax()));
		keys(c.tableStats, m, t -> stats(t, m));
		keys(c.baseStats, m, t -> stats(t, m));
		replace(c.droppedStats, m);
		keys(c.columnStats, m, v -> v);
		replace(c.recomputedStats, m);
		replace(c.compactedTables, m);
		keys(c.partitionings, m, p -> new PartitionSpec(m.applyAsLong(p.id()), m.applyAsLong(p.tableId()), p.keys()));
		keys(c.sortings, m, p -> new SortSpec(m.applyAsLong(p.id()), m.applyAsLong(p.tableId()), p.keys()));
		c.filePartitions.replaceAll((file, p) -> new FilePartition(m.applyAsLong(p.partitionId()), p.values()));
		keys(c.inlinedInserts, m, v -> v);
		keys(c.inlinedColumns, m, v -> v);
		keys(c.inlinedDeletes, m, v -> v);
		keys(c.inlinedFileDeletes, m, v -> v);
		keys(c.flushedFileDeletes, m, v -> v);
		keys(c.tags, m, v -> v);
		keys(c.columnTags, m, v -> v);
		keys(c.viewColumnTags, m, v -> v);
		List<String> changes = new ArrayList<>(c.changes);
		c.changes.clear();
		for (String e : changes) {
			c.changes.add(change(e, m));
		}
	}

	/** {@code inserted_into_table:5} and the like name an id; {@code created_*} entries name names. */
	private static String change(String entry, LongUnaryOperator m) {
		int colon = entry.indexOf(':');
		if (colon < 0 || entry.startsWith("created_") || !entry.substring(colon + 1).matches("\\d+")) {
			return entry;
		}
		return entry.substring(0, colon + 1) + m.applyAsLong(Long.parseLong(entry.substring(colon + 1)));
	}

	private static ColumnEntry column(ColumnEntry e, LongUnaryOperator m) {
		List<ColumnEntry> children = new ArrayList<>();
		e.children().forEach(x -> children.add(column(x, m)));
		return new ColumnEntry(e.id(), e.beginSnapshot(), m.applyAsLong(e.tableId()), e.order(), e.name(), e.type(),
				e.initialDefault(), e.defaultValue(), e.nullsAllowed(), children);
	}

	private static TableStats stats(TableStats t, LongUnaryOperator m) {
		return new TableStats(m.applyAsLong(t.tableId()), t.recordCount(), t.nextRowId(), t.fileSizeBytes());
	}

	private static <T> void replace(List<T> list, Function<T, T> f) {
		list.replaceAll(f::apply);
	}

	private static void replace(Set<Long> ids, LongUnaryOperator m) {
		Set<Long> moved = new LinkedHashSet<>();
		ids.forEach(id -> moved.add(m.applyAsLong(id)));
		ids.clear();
		ids.addAll(moved);
	}

	private static <V> void keys(Map<Long, V> map, LongUnaryOperator m, Function<V, V> value) {
		Map<Long, V> moved = new LinkedHashMap<>();
		map.forEach((k, v) -> moved.put(m.applyAsLong(k), value.apply(v)));
		map.clear();
		map.putAll(moved);
	}
}
