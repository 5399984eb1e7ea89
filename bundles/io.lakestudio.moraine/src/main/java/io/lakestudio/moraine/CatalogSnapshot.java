package io.lakestudio.moraine;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.lakestudio.moraine.internal.catalog.Family;
import io.lakestudio.moraine.internal.catalog.SnapshotReader;

/**
 * An immutable catalog view at one snapshot: what DuckLake's begin/end-versioned rows held then. Table statistics
 * and index entries are current-only, as DuckLake keeps them.
 */
public final class CatalogSnapshot implements AutoCloseable {

	/** Releases the cut of a snapshot nobody closed once it is unreachable, as Rust's drop would. */
	private static final java.lang.ref.Cleaner CLEANER = java.lang.ref.Cleaner.create();

	private final SnapshotReader reader;
	private final java.lang.ref.Cleaner.Cleanable release;

	/** Made by moraine from a read at one store cut; not for callers. */
	public CatalogSnapshot(SnapshotReader reader) {
		this.reader = reader;
		this.release = CLEANER.register(this, reader.releaser());
	}

	public SnapshotId id() {
		return new SnapshotId(reader.id());
	}

	public SnapshotInfo info() {
		return reader.info();
	}

	public List<SchemaInfo> schemas() {
		return reader.schemas();
	}

	public Optional<SchemaInfo> schema(SchemaId id) {
		return reader.schema(id);
	}

	public Optional<SchemaInfo> schemaByName(String name) {
		return reader.schemaByName(name);
	}

	/** Every live table, of every schema. */
	public List<TableInfo> tables() {
		return reader.tables();
	}

	public List<TableInfo> tables(SchemaId schema) {
		return reader.tables(schema);
	}

	public Optional<TableInfo> table(TableId id) {
		return reader.table(id);
	}

	public Optional<TableInfo> tableByName(SchemaId schema, String name) {
		return reader.tableByName(schema, name);
	}

	/** A table by schema and table name, the way SQL names it. */
	public Optional<TableInfo> tableByName(String schema, String name) {
		return schemaByName(schema).flatMap(s -> reader.tableByName(s.id(), name));
	}

	public List<ColumnInfo> columns(TableId table) {
		return reader.columns(table);
	}

	public List<ViewInfo> views(SchemaId schema) {
		return reader.views(schema);
	}

	public Optional<ViewInfo> view(ViewId id) {
		return reader.view(id);
	}

	public List<MacroInfo> macros(SchemaId schema) {
		return reader.macros(schema);
	}

	public Optional<MacroInfo> macro(MacroId id) {
		return reader.macro(id);
	}

	public List<TagEntry> tags(TagTarget target) {
		return reader.tags(target.id());
	}

	public List<TagEntry> columnTags(TableId table, ColumnId column) {
		return reader.columnTags(table, column);
	}

	public Optional<PartitionSpec> partitionSpec(TableId table) {
		return reader.partitionSpec(table);
	}

	public Optional<SortSpec> sortSpec(TableId table) {
		return reader.sortSpec(table);
	}

	public List<MappingInfo> mappings(TableId table) {
		return reader.mappings(table);
	}

	public List<DataFileInfo> dataFiles(TableId table) {
		return reader.dataFiles(table);
	}

	public List<FileColumnStats> fileColumnStats(TableId table, DataFileId file) {
		return reader.fileColumnStats(table, file);
	}

	public List<DeleteFileInfo> deleteFiles(TableId table) {
		return reader.deleteFiles(table);
	}

	public Optional<TableStats> tableStats(TableId table) {
		return reader.tableStats(table);
	}

	/** The table's inlined rows this snapshot saw: inserted by then, not deleted by then, not flushed. */
	public List<RecentRow> recentRows(TableId table) {
		return reader.recentRows(table);
	}

	/** Files expiry has scheduled for deletion (current, like DuckLake's table of them). */
	public List<ScheduledDeletion> scheduledDeletions() {
		return reader.scheduledDeletions();
	}

	public List<IndexInfo> indexes(TableId table) {
		return reader.indexes(table);
	}

	/** Row ids an index holds under exactly these values (a null matches SQL NULL, as IS NULL does). */
	public List<Long> lookup(IndexId index, List<String> values) {
		return reader.lookup(index, values);
	}

	/** The live data file holding a row id at this snapshot, if a file holds it (not inlined, not gone). */
	public Optional<DataFileInfo> fileHolding(TableId table, long rowId) {
		return dataFiles(table).stream()
				.filter(f -> f.rowIdStart() != DataFileInfo.IDS_IN_FILE && rowId >= f.rowIdStart() && rowId < f.rowIdStart() + f.recordCount()).findFirst();
	}

	/**
	 * A {@code ducklake_*} catalog table as its database held it when this snapshot was the head, column name to
	 * value, in the spec's vocabulary.
	 */
	public List<Map<String, Object>> ducklakeRows(String tableName) {
		if (tableName.equals("ducklake_metadata"))
			return reader.metadataRows();
		Family family = Family.byTable(tableName).orElseThrow(
				() -> new MoraineException(MoraineException.Kind.NOT_FOUND, "no catalog table " + tableName));
		return reader.ducklakeRows(family);
	}

	/** The catalog tables {@link #ducklakeRows} lists. */
	public static List<String> ducklakeTables() {
		List<String> names = new java.util.ArrayList<>();
		names.add("ducklake_metadata");
		for (Family f : Family.values())
			if (f.table.startsWith("ducklake_"))
				names.add(f.table);
		return names;
	}

	/** Releases the store cut this snapshot reads (reads after it fail). */
	@Override
	public void close() {
		release.clean();
	}
}
