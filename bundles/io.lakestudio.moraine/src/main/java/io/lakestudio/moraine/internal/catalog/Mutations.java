package io.lakestudio.moraine.internal.catalog;

import static io.lakestudio.moraine.MoraineException.Kind.ALREADY_EXISTS;
import static io.lakestudio.moraine.MoraineException.Kind.INVALID;
import static io.lakestudio.moraine.MoraineException.Kind.NOT_FOUND;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

import io.lakestudio.moraine.*;
import io.lakestudio.moraine.internal.store.RowView;
import io.lakestudio.moraine.internal.store.Staged;

/**
 * One logical commit's changes, as DuckLake rows: new rows begin at this snapshot, ended ones get it as their
 * end_snapshot. Every check reads the catalog as this transaction has made it so far.
 */
public final class Mutations implements Transaction {

	final Rows rows;
	final Counters counters;
	final long snapshot;
	private final long baseSchemaVersion;
	final Set<String> changes = new LinkedHashSet<>();
	/** A DuckLake host wrote this snapshot's ducklake_schema_versions rows itself (one per table it changed). */
	boolean hostSchemaVersions;
	private String author, message, extraInfo;
	private final long time;

	/** Starts the commit after {@code counters.snapshot}, over {@code view} with its writes staged in {@code staged}. */
	public Mutations(RowView view, Staged staged, Counters counters, long timeMicros, String author) {
		this.rows = new Rows(view, staged);
		this.counters = counters;
		this.snapshot = counters.snapshot + 1;
		this.baseSchemaVersion = counters.schemaVersion;
		this.time = timeMicros;
		this.author = author;
	}

	SnapshotReader reader() {
		return new SnapshotReader(rows, snapshot, false);
	}

	@Override
	public CatalogSnapshot snapshot() {
		return new CatalogSnapshot(reader());
	}

	@Override
	public SnapshotId snapshotId() {
		return new SnapshotId(snapshot);
	}

	@Override
	public void author(String a) {
		author = a;
	}

	@Override
	public void message(String m) {
		message = m;
	}

	@Override
	public void extraInfo(String e) {
		extraInfo = e;
	}

	long catalogId() {
		return counters.nextCatalogId++;
	}

	void ddl(String change) {
		changes.add(change);
		counters.schemaVersion = baseSchemaVersion + 1;
	}

	static String q(String name) {
		return "\"" + name.replace("\"", "\"\"") + "\"";
	}

	static String name(String kind, String name) {
		if (name == null || name.isBlank())
			throw new MoraineException(INVALID, kind + " name must not be empty");
		return name;
	}

	/** Mints the snapshot's own rows; nothing when the closure changed nothing. */
	public boolean finish() {
		if (changes.isEmpty())
			return false;
		counters.snapshot = snapshot;
		rows.put(new Row(Family.SNAPSHOT, new Object[] { snapshot, time, counters.schemaVersion,
				counters.nextCatalogId, counters.nextFileId }));
		rows.put(new Row(Family.SNAPSHOT_CHANGES,
				new Object[] { snapshot, String.join(",", changes), author, message, extraInfo }));
		if (counters.schemaVersion != baseSchemaVersion && !hostSchemaVersions)
			rows.put(new Row(Family.SCHEMA_VERSIONS, new Object[] { snapshot, counters.schemaVersion, null }));
		return true;
	}

	/** The bootstrap: snapshot 0, schema version 0, the `main` schema (DuckLake's own first commit). */
	public static Counters bootstrap(Staged staged, RowView view, long timeMicros) {
		Counters c = new Counters(-1, -1, 0, 0, 1);
		Mutations m = new Mutations(view, staged, c, timeMicros, null);
		m.createSchema("main");
		m.finish();
		return c;
	}

	// --- schemas

	@Override
	public SchemaId createSchema(String schemaName) {
		name("schema", schemaName);
		if (reader().schemaByName(schemaName).isPresent())
			throw new MoraineException(ALREADY_EXISTS, "schema " + q(schemaName) + " already exists");
		long id = catalogId();
		rows.put(new Row(Family.SCHEMA, new Object[] { id, UUID.randomUUID().toString(), snapshot, null, schemaName,
				schemaName + "/", true }));
		ddl("created_schema:" + q(schemaName));
		return new SchemaId(id);
	}

	Row liveSchema(SchemaId id) {
		return rows.one(snapshot, Family.SCHEMA, id.value())
				.orElseThrow(() -> new MoraineException(NOT_FOUND, "no schema " + id));
	}

	@Override
	public void dropSchema(SchemaId schema) {
		Row row = liveSchema(schema);
		SnapshotReader r = reader();
		if (!r.tables(schema).isEmpty() || !r.views(schema).isEmpty() || !r.macros(schema).isEmpty())
			throw new MoraineException(INVALID, "schema " + q(row.s("schema_name")) + " is not empty");
		end(row);
		ddl("dropped_schema:" + schema.value());
	}

	void end(Row row) {
		rows.put(row.with("end_snapshot", snapshot));
	}

	/** Ends {@code row} and begins its successor with {@code column} changed. */
	private void replace(Row row, String column, Object value) {
		end(row);
		rows.put(row.with(column, value).with("begin_snapshot", snapshot).with("end_snapshot", null));
	}

	// --- tables and columns

	@Override
	public TableId createTable(SchemaId schema, String tableName, List<ColumnDef> columns) {
		name("table", tableName);
		liveSchema(schema);
		checkFree(schema, tableName);
		if (columns.isEmpty())
			throw new MoraineException(INVALID, "table " + q(tableName) + " needs at least one column");
		long id = catalogId();
		rows.put(new Row(Family.TABLE, new Object[] { id, UUID.randomUUID().toString(), snapshot, null,
				schema.value(), tableName, tableName + "/", true }));
		rows.put(new Row(Family.TABLE_STATS, new Object[] { id, 0L, 0L, 0L }));
		Set<String> names = new java.util.HashSet<>();
		long order = 1;
		for (ColumnDef c : columns) {
			if (!names.add(c.name()))
				throw new MoraineException(INVALID, "column " + q(c.name()) + " given twice");
			putColumn(id, c, order++, null);
		}
		ddl("created_table:" + q(liveSchema(schema).s("schema_name")) + "." + q(tableName));
		return new TableId(id);
	}

	private void checkFree(SchemaId schema, String objectName) {
		SnapshotReader r = reader();
		if (r.tableByName(schema, objectName).isPresent()
				|| r.views(schema).stream().anyMatch(v -> v.name().equals(objectName)))
			throw new MoraineException(ALREADY_EXISTS, q(objectName) + " already exists in schema " + schema);
	}

	private long putColumn(long table, ColumnDef c, long order, Long parent) {
		name("column", c.name());
		if (c.columnType() == null || c.columnType().isBlank())
			throw new MoraineException(INVALID, "column " + q(c.name()) + " needs a type");
		long id = counters.nextColumnId++;
		rows.put(new Row(Family.COLUMN, new Object[] { table, id, snapshot, null, order, c.name(), c.columnType(),
				c.defaultValue(), c.defaultValue(), c.nullsAllowed(), parent,
				c.defaultValue() == null ? null : "literal", c.defaultValue() == null ? null : "duckdb" }));
		long childOrder = 1;
		for (ColumnDef child : c.children())
			putColumn(table, child, childOrder++, id);
		return id;
	}

	Row liveTable(TableId id) {
		return rows.one(snapshot, Family.TABLE, id.value())
				.orElseThrow(() -> new MoraineException(NOT_FOUND, "no table " + id));
	}

	@Override
	public void renameTable(TableId table, String newName) {
		Row row = liveTable(table);
		name("table", newName);
		checkFree(new SchemaId(row.l("schema_id")), newName);
		replace(row, "table_name", newName);
		ddl("altered_table:" + table.value());
	}

	@Override
	public void moveTable(TableId table, SchemaId schema) {
		Row row = liveTable(table);
		liveSchema(schema);
		checkFree(schema, row.s("table_name"));
		replace(row, "schema_id", schema.value());
		ddl("altered_table:" + table.value());
	}

	@Override
	public void dropTable(TableId table) {
		Row row = liveTable(table);
		end(row);
		for (Family f : new Family[] { Family.COLUMN, Family.DATA_FILE, Family.DELETE_FILE, Family.PARTITION_INFO,
				Family.SORT_INFO, Family.INDEX, Family.COLUMN_TAG })
			rows.at(snapshot, f, table.value()).forEach(this::end);
		rows.at(snapshot, Family.TAG, table.value()).forEach(this::end);
		ddl("dropped_table:" + table.value());
	}

	Row liveColumn(TableId table, ColumnId column) {
		liveTable(table);
		return rows.one(snapshot, Family.COLUMN, table.value(), column.value())
				.orElseThrow(() -> new MoraineException(NOT_FOUND, "no column " + column + " in table " + table));
	}

	@Override
	public ColumnId addColumn(TableId table, ColumnDef column) {
		liveTable(table);
		List<ColumnInfo> cols = reader().columns(table);
		if (cols.stream().anyMatch(c -> c.parent().isEmpty() && c.name().equals(column.name())))
			throw new MoraineException(ALREADY_EXISTS, "column " + q(column.name()) + " already exists");
		long order = cols.stream().filter(c -> c.parent().isEmpty()).mapToLong(ColumnInfo::order).max().orElse(0) + 1;
		long id = putColumn(table.value(), column, order, null);
		ddl("altered_table:" + table.value());
		return new ColumnId(id);
	}

	@Override
	public void renameColumn(TableId table, ColumnId column, String newName) {
		Row row = liveColumn(table, column);
		name("column", newName);
		if (reader().columns(table).stream().anyMatch(c -> c.parent().equals(Optional.ofNullable(
				row.nl("parent_column")).map(ColumnId::new)) && c.name().equals(newName)))
			throw new MoraineException(ALREADY_EXISTS, "column " + q(newName) + " already exists");
		replace(row, "column_name", newName);
		ddl("altered_table:" + table.value());
	}

	@Override
	public void alterColumn(TableId table, ColumnId column, ColumnAlteration change) {
		Row row = liveColumn(table, column);
		Row next = row;
		if (change.columnType() != null)
			next = next.with("column_type", change.columnType());
		if (change.nullsAllowed() != null)
			next = next.with("nulls_allowed", change.nullsAllowed());
		if (change.defaultValue() != null) {
			String d = change.defaultValue().orElse(null);
			next = next.with("default_value", d).with("default_value_type", d == null ? null : "literal")
					.with("default_value_dialect", d == null ? null : "duckdb");
		}
		end(row);
		rows.put(next.with("begin_snapshot", snapshot).with("end_snapshot", null));
		ddl("altered_table:" + table.value());
	}

	@Override
	public void dropColumn(TableId table, ColumnId column) {
		Row row = liveColumn(table, column);
		List<ColumnInfo> cols = reader().columns(table);
		if (row.nl("parent_column") == null && cols.stream().filter(c -> c.parent().isEmpty()).count() == 1)
			throw new MoraineException(INVALID, "cannot drop the only column of table " + table);
		dropColumnTree(table, row, cols);
		ddl("altered_table:" + table.value());
	}

	private void dropColumnTree(TableId table, Row row, List<ColumnInfo> cols) {
		end(row);
		long id = row.l("column_id");
		for (ColumnInfo c : cols)
			if (c.parent().map(ColumnId::value).orElse(-1L) == id)
				dropColumnTree(table, liveColumn(table, c.id()), cols);
	}

	// --- views and macros

	@Override
	public ViewId createView(SchemaId schema, String viewName, String dialect, String sql, String columnAliases) {
		name("view", viewName);
		liveSchema(schema);
		checkFree(schema, viewName);
		long id = catalogId();
		rows.put(new Row(Family.VIEW, new Object[] { id, UUID.randomUUID().toString(), snapshot, null,
				schema.value(), viewName, dialect, sql, columnAliases }));
		ddl("created_view:" + q(liveSchema(schema).s("schema_name")) + "." + q(viewName));
		return new ViewId(id);
	}

	Row liveView(ViewId id) {
		return rows.one(snapshot, Family.VIEW, id.value())
				.orElseThrow(() -> new MoraineException(NOT_FOUND, "no view " + id));
	}

	@Override
	public void renameView(ViewId view, String newName) {
		Row row = liveView(view);
		checkFree(new SchemaId(row.l("schema_id")), name("view", newName));
		replace(row, "view_name", newName);
		ddl("altered_view:" + view.value());
	}

	@Override
	public void dropView(ViewId view) {
		end(liveView(view));
		ddl("dropped_view:" + view.value());
	}

	@Override
	public MacroId createMacro(SchemaId schema, String macroName, List<MacroImplementationDef> impls) {
		name("macro", macroName);
		liveSchema(schema);
		if (reader().macros(schema).stream().anyMatch(m -> m.name().equals(macroName)))
			throw new MoraineException(ALREADY_EXISTS, "macro " + q(macroName) + " already exists");
		if (impls.isEmpty())
			throw new MoraineException(INVALID, "macro " + q(macroName) + " needs an implementation");
		long id = catalogId();
		rows.put(new Row(Family.MACRO, new Object[] { id, snapshot, null, schema.value(), macroName }));
		long implId = 0;
		for (MacroImplementationDef impl : impls) {
			rows.put(new Row(Family.MACRO_IMPL, new Object[] { id, implId, impl.dialect(), impl.sql(), impl.type() }));
			long col = 0;
			for (MacroParameterDef p : impl.parameters())
				rows.put(new Row(Family.MACRO_PARAMETERS, new Object[] { id, implId, col++, p.name(), p.type(),
						p.defaultValue(), p.defaultValueType() }));
			implId++;
		}
		ddl("created_scalar_macro:" + q(liveSchema(schema).s("schema_name")) + "." + q(macroName));
		return new MacroId(id);
	}

	@Override
	public void dropMacro(MacroId macro) {
		end(rows.one(snapshot, Family.MACRO, macro.value())
				.orElseThrow(() -> new MoraineException(NOT_FOUND, "no macro " + macro)));
		ddl("dropped_scalar_macro:" + macro.value());
	}

	// --- tags, specs and mappings, in their own class

	private final SpecChanges specs = new SpecChanges(this);

	@Override
	public void setTag(TagTarget target, String key, String value) {
		specs.setTag(target, key, value);
	}

	@Override
	public void setColumnTag(TableId table, ColumnId column, String key, String value) {
		specs.setColumnTag(table, column, key, value);
	}

	@Override
	public PartitionId setPartitionSpec(TableId table, List<PartitionColumnDef> keys) {
		return specs.setPartitionSpec(table, keys);
	}

	@Override
	public void clearPartitionSpec(TableId table) {
		specs.clearPartitionSpec(table);
	}

	@Override
	public SortId setSortSpec(TableId table, List<SortKeyDef> keys) {
		return specs.setSortSpec(table, keys);
	}

	@Override
	public void clearSortSpec(TableId table) {
		specs.clearSortSpec(table);
	}

	@Override
	public MappingId createColumnMapping(TableId table, String type, List<NameMappingDef> columns) {
		return specs.createColumnMapping(table, type, columns);
	}

	// --- expiry

	@Override
	public int expireSnapshots(List<SnapshotId> snapshots) {
		return Expiry.expire(rows, snapshots.stream().map(SnapshotId::value).toList(), snapshot - 1, time);
	}

	@Override
	public void removeScheduledDeletions(List<Long> fileIds) {
		for (long id : fileIds)
			rows.one(snapshot, Family.FILES_SCHEDULED_FOR_DELETION, id).ifPresent(rows::delete);
	}

	// --- a DuckLake host's own rows

	@Override
	public DucklakeRows ducklakeRows() {
		return new HostRows(this);
	}

	// --- data and indexes, in their own classes

	private final FileChanges files = new FileChanges(this);
	private final IndexChanges indexChanges = new IndexChanges(this);

	@Override
	public DataFileId addDataFile(DataFile file) {
		return files.addDataFile(file);
	}

	@Override
	public void removeDataFile(TableId table, DataFileId file) {
		files.removeDataFile(table, file);
	}

	@Override
	public DeleteFileId addDeleteFile(DeleteFile file) {
		return files.addDeleteFile(file);
	}

	@Override
	public void setColumnStats(TableId table, ColumnStats stats) {
		files.setColumnStats(table, stats);
	}

	@Override
	public long inlineInsert(TableId table, InlineChunk chunk) {
		return files.inlineInsert(table, chunk);
	}

	@Override
	public void inlineDelete(TableId table, long rowId) {
		files.inlineDelete(table, rowId);
	}

	@Override
	public Optional<DataFileId> flushInlinedData(TableId table, FlushedDataFile file) {
		return files.flushInlinedData(table, file);
	}

	@Override
	public IndexId createIndex(TableId table, IndexDef index) {
		return indexChanges.createIndex(table, index);
	}

	@Override
	public void dropIndex(TableId table, IndexId index) {
		indexChanges.dropIndex(table, index);
	}

	@Override
	public void addIndexEntries(IndexId index, List<IndexEntry> entries) {
		indexChanges.addIndexEntries(index, entries);
	}

	@Override
	public void removeIndexEntries(IndexId index, List<IndexEntry> entries) {
		indexChanges.removeIndexEntries(index, entries);
	}
}
