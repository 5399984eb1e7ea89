package io.lakestudio.moraine.internal.catalog;

import static io.lakestudio.moraine.MoraineException.Kind.ALREADY_EXISTS;
import static io.lakestudio.moraine.MoraineException.Kind.INVALID;
import static io.lakestudio.moraine.MoraineException.Kind.NOT_FOUND;

import java.util.ArrayList;
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
	private final Set<String> changes = new LinkedHashSet<>();
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

	private SnapshotReader reader() {
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

	private long catalogId() {
		return counters.nextCatalogId++;
	}

	private void ddl(String change) {
		changes.add(change);
		counters.schemaVersion = baseSchemaVersion + 1;
	}

	private static String q(String name) {
		return "\"" + name.replace("\"", "\"\"") + "\"";
	}

	private static String name(String kind, String name) {
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
		if (counters.schemaVersion != baseSchemaVersion)
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

	private Row liveSchema(SchemaId id) {
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

	private void end(Row row) {
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
		long id = counters.nextColumnId++;
		rows.put(new Row(Family.COLUMN, new Object[] { table, id, snapshot, null, order, c.name(), c.columnType(),
				c.defaultValue(), c.defaultValue(), c.nullsAllowed(), parent,
				c.defaultValue() == null ? null : "literal", c.defaultValue() == null ? null : "duckdb" }));
		long childOrder = 1;
		for (ColumnDef child : c.children())
			putColumn(table, child, childOrder++, id);
		return id;
	}

	private Row liveTable(TableId id) {
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

	private Row liveColumn(TableId table, ColumnId column) {
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

	private Row liveView(ViewId id) {
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

	// --- tags

	@Override
	public void setTag(TagTarget target, String key, String value) {
		switch (target.kind()) {
			case SCHEMA -> liveSchema(new SchemaId(target.id()));
			case TABLE -> liveTable(new TableId(target.id()));
			case VIEW -> liveView(new ViewId(target.id()));
		}
		rows.at(snapshot, Family.TAG, target.id(), key).forEach(this::end);
		if (value != null)
			rows.put(new Row(Family.TAG, new Object[] { target.id(), key, snapshot, null, value }));
		ddl("altered_" + target.kind().name().toLowerCase() + ":" + target.id());
	}

	@Override
	public void setColumnTag(TableId table, ColumnId column, String key, String value) {
		liveColumn(table, column);
		rows.at(snapshot, Family.COLUMN_TAG, table.value(), column.value(), key).forEach(this::end);
		if (value != null)
			rows.put(new Row(Family.COLUMN_TAG,
					new Object[] { table.value(), column.value(), key, snapshot, null, value }));
		ddl("altered_table:" + table.value());
	}

	// --- partition and sort specs, mappings

	@Override
	public PartitionId setPartitionSpec(TableId table, List<PartitionColumnDef> keys) {
		liveTable(table);
		if (keys.isEmpty())
			throw new MoraineException(INVALID, "a partition spec needs a key; clear it instead");
		for (PartitionColumnDef k : keys)
			liveColumn(table, k.column());
		rows.at(snapshot, Family.PARTITION_INFO, table.value()).forEach(this::end);
		long id = catalogId();
		rows.put(new Row(Family.PARTITION_INFO, new Object[] { table.value(), id, snapshot, null }));
		long i = 0;
		for (PartitionColumnDef k : keys)
			rows.put(new Row(Family.PARTITION_COLUMN,
					new Object[] { table.value(), id, i++, k.column().value(), k.transform() }));
		ddl("altered_table:" + table.value());
		return new PartitionId(id);
	}

	@Override
	public void clearPartitionSpec(TableId table) {
		liveTable(table);
		rows.at(snapshot, Family.PARTITION_INFO, table.value()).forEach(this::end);
		ddl("altered_table:" + table.value());
	}

	@Override
	public SortId setSortSpec(TableId table, List<SortKeyDef> keys) {
		liveTable(table);
		if (keys.isEmpty())
			throw new MoraineException(INVALID, "a sort spec needs a key; clear it instead");
		rows.at(snapshot, Family.SORT_INFO, table.value()).forEach(this::end);
		long id = catalogId();
		rows.put(new Row(Family.SORT_INFO, new Object[] { table.value(), id, snapshot, null }));
		long i = 0;
		for (SortKeyDef k : keys)
			rows.put(new Row(Family.SORT_EXPRESSION, new Object[] { table.value(), id, i++, k.expression(),
					k.dialect(), k.sortDirection(), k.nullOrder() }));
		ddl("altered_table:" + table.value());
		return new SortId(id);
	}

	@Override
	public void clearSortSpec(TableId table) {
		liveTable(table);
		rows.at(snapshot, Family.SORT_INFO, table.value()).forEach(this::end);
		ddl("altered_table:" + table.value());
	}

	@Override
	public MappingId createColumnMapping(TableId table, String type, List<NameMappingDef> columns) {
		liveTable(table);
		long id = counters.nextFileId++;
		rows.put(new Row(Family.COLUMN_MAPPING, new Object[] { table.value(), id, type }));
		for (NameMappingDef c : columns) {
			if (c.parentColumn() != null && c.parentColumn() >= c.columnId())
				throw new MoraineException(INVALID, "mapping column " + c.columnId() + " names parent "
						+ c.parentColumn() + ", which does not precede it");
			rows.put(new Row(Family.NAME_MAPPING, new Object[] { id, c.columnId(), c.sourceName(),
					c.targetFieldId(), c.parentColumn(), c.isPartition() }));
		}
		changes.add("altered_table:" + table.value());
		return new MappingId(id);
	}

	// --- files and stats

	private Row stats(TableId table) {
		return rows.one(snapshot, Family.TABLE_STATS, table.value())
				.orElseThrow(() -> new IllegalStateException("table " + table + " has no stats row"));
	}

	@Override
	public DataFileId addDataFile(DataFile file) {
		Row st = stats(file.table());
		return registerFile(file, st.l("next_row_id"), snapshot, true);
	}

	private DataFileId registerFile(DataFile file, long rowIdStart, long begin, boolean advanceCounter) {
		TableId table = file.table();
		liveTable(table);
		if (file.partition().isPresent()) {
			boolean known = rows.all(Family.PARTITION_INFO, table.value(), file.partition().get().value()).size() > 0;
			if (!known)
				throw new MoraineException(INVALID, "table " + table + " has no partition spec "
						+ file.partition().get());
			int keys = rows.all(Family.PARTITION_COLUMN, table.value(), file.partition().get().value()).size();
			if (keys != file.partitionValues().size())
				throw new MoraineException(INVALID, "file " + file.path() + " gives " + file.partitionValues().size()
						+ " partition values for a spec of " + keys + " keys");
		}
		if (file.mapping().isPresent()
				&& rows.all(Family.COLUMN_MAPPING, table.value(), file.mapping().get().value()).isEmpty())
			throw new MoraineException(INVALID, "table " + table + " has no column mapping " + file.mapping().get());
		long id = counters.nextFileId++;
		rows.put(new Row(Family.DATA_FILE, new Object[] { table.value(), id, begin, null, null, file.path(),
				file.pathIsRelative(), file.fileFormat(), file.recordCount(), file.fileSizeBytes(), file.footerSize(),
				rowIdStart, file.partition().map(PartitionId::value).orElse(null), file.encryptionKey(), null,
				file.mapping().map(MappingId::value).orElse(null) }));
		long key = 0;
		for (String v : file.partitionValues())
			rows.put(new Row(Family.FILE_PARTITION_VALUE, new Object[] { table.value(), id, key++, v }));
		for (FileColumnStats s : file.columnStats()) {
			liveColumn(table, s.column());
			rows.put(new Row(Family.FILE_COLUMN_STATS, new Object[] { table.value(), id, s.column().value(),
					s.columnSizeBytes(), s.valueCount(), s.nullCount(), s.minValue(), s.maxValue(), s.containsNan(),
					s.extraStats() }));
		}
		Row st = stats(table);
		Row next = st.with("record_count", st.l("record_count") + file.recordCount())
				.with("file_size_bytes", st.l("file_size_bytes") + file.fileSizeBytes());
		if (advanceCounter)
			next = next.with("next_row_id", rowIdStart + file.recordCount());
		rows.put(next);
		changes.add("inserted_into_table:" + table.value());
		return new DataFileId(id);
	}

	@Override
	public void removeDataFile(TableId table, DataFileId file) {
		liveTable(table);
		Row row = rows.one(snapshot, Family.DATA_FILE, table.value(), file.value())
				.orElseThrow(() -> new MoraineException(NOT_FOUND, "no data file " + file + " in table " + table));
		end(row);
		for (Row d : rows.at(snapshot, Family.DELETE_FILE, table.value()))
			if (d.l("data_file_id") == file.value())
				end(d);
		Row st = stats(table);
		rows.put(st.with("record_count", Math.max(0, st.l("record_count") - row.l("record_count")))
				.with("file_size_bytes", Math.max(0, st.l("file_size_bytes") - row.l("file_size_bytes"))));
		changes.add("deleted_from_table:" + table.value());
	}

	@Override
	public DeleteFileId addDeleteFile(DeleteFile file) {
		liveTable(file.table());
		Row target = rows.one(snapshot, Family.DATA_FILE, file.table().value(), file.dataFile().value())
				.orElseThrow(() -> new MoraineException(NOT_FOUND, "no data file " + file.dataFile()));
		if (file.deleteCount() > target.l("record_count"))
			throw new MoraineException(INVALID, "delete file " + file.path() + " deletes " + file.deleteCount()
					+ " of " + target.l("record_count") + " rows");
		for (Row d : rows.at(snapshot, Family.DELETE_FILE, file.table().value()))
			if (d.l("data_file_id") == file.dataFile().value())
				end(d);
		long id = counters.nextFileId++;
		rows.put(new Row(Family.DELETE_FILE, new Object[] { file.table().value(), id, snapshot, null,
				file.dataFile().value(), file.path(), file.pathIsRelative(), file.format(), file.deleteCount(),
				file.fileSizeBytes(), file.footerSize(), null }));
		changes.add("deleted_from_table:" + file.table().value());
		return new DeleteFileId(id);
	}

	@Override
	public void setColumnStats(TableId table, ColumnStats s) {
		liveColumn(table, s.column());
		rows.put(new Row(Family.TABLE_COLUMN_STATS, new Object[] { table.value(), s.column().value(),
				s.containsNull(), s.containsNan(), s.minValue(), s.maxValue(), s.extraStats() }));
		changes.add("inserted_into_table:" + table.value());
	}

	// --- inlined data

	@Override
	public long inlineInsert(TableId table, InlineChunk chunk) {
		liveTable(table);
		Row st = stats(table);
		long first = st.l("next_row_id");
		long version = counters.schemaVersion;
		String name = "ducklake_inlined_data_" + table.value() + "_" + version;
		if (rows.all(Family.INLINED_DATA_TABLES, table.value(), version).isEmpty())
			rows.put(new Row(Family.INLINED_DATA_TABLES, new Object[] { table.value(), version, name }));
		Inlined.put(rows.staged(), new Inlined.Chunk(table.value(), first, chunk.rowCount(), snapshot, version,
				chunk.arrowSchema(), chunk.body(), new long[chunk.rowCount()], new long[chunk.rowCount()]));
		rows.put(st.with("next_row_id", first + chunk.rowCount())
				.with("record_count", st.l("record_count") + chunk.rowCount()));
		changes.add("inlined_insert:" + table.value());
		return first;
	}

	@Override
	public void inlineDelete(TableId table, long rowId) {
		liveTable(table);
		for (Inlined.Chunk c : Inlined.chunks(rows.view, table.value())) {
			if (rowId < c.firstRowId() || rowId >= c.firstRowId() + c.rowCount())
				continue;
			int i = (int) (rowId - c.firstRowId());
			if (!c.visibleAt(i, snapshot))
				break;
			long[] deleted = c.deletedAt().clone();
			deleted[i] = snapshot;
			Inlined.put(rows.staged(), new Inlined.Chunk(c.table(), c.firstRowId(), c.rowCount(), c.begin(),
					c.schemaVersion(), c.schema(), c.body(), deleted, c.flushed()));
			Row st = stats(table);
			rows.put(st.with("record_count", Math.max(0, st.l("record_count") - 1)));
			changes.add("inlined_delete:" + table.value());
			return;
		}
		throw new MoraineException(NOT_FOUND, "no live inlined row " + rowId + " in table " + table);
	}

	@Override
	public Optional<DataFileId> flushInlinedData(TableId table, FlushedDataFile flushed) {
		liveTable(table);
		List<Inlined.Chunk> chunks = Inlined.chunks(rows.view, table.value());
		long live = 0, minRow = Long.MAX_VALUE, minBegin = Long.MAX_VALUE;
		List<Inlined.Chunk> drained = new ArrayList<>();
		for (Inlined.Chunk c : chunks) {
			long[] flushedRows = c.flushed().clone();
			boolean any = false;
			for (int i = 0; i < c.rowCount(); i++)
				if (c.visibleAt(i, snapshot)) {
					flushedRows[i] = snapshot;
					live++;
					any = true;
					minRow = Math.min(minRow, c.firstRowId() + i);
					minBegin = Math.min(minBegin, c.begin());
				}
			if (any)
				drained.add(new Inlined.Chunk(c.table(), c.firstRowId(), c.rowCount(), c.begin(), c.schemaVersion(),
						c.schema(), c.body(), c.deletedAt(), flushedRows));
		}
		if (live == 0)
			return Optional.empty();
		DataFile file = flushed.file();
		if (!file.table().equals(table) || file.recordCount() != live)
			throw new MoraineException(INVALID, "the flushed file holds " + file.recordCount() + " rows of table "
					+ file.table() + "; table " + table + " has " + live + " live inlined rows");
		drained.forEach(c -> Inlined.put(rows.staged(), c));
		Row st = stats(table);
		rows.put(st.with("record_count", st.l("record_count") - live));
		DataFileId id = registerFile(file, minRow, minBegin, false);
		changes.add("flushed_inlined:" + table.value());
		return Optional.of(id);
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

	// --- equality indexes

	@Override
	public IndexId createIndex(TableId table, IndexDef def) {
		liveTable(table);
		name("index", def.name());
		if (reader().indexes(table).stream().anyMatch(i -> i.name().equals(def.name())))
			throw new MoraineException(ALREADY_EXISTS, "index " + q(def.name()) + " already exists");
		long[] cols = new long[def.columns().size()];
		for (int i = 0; i < cols.length; i++)
			cols[i] = liveColumn(table, def.columns().get(i)).l("column_id");
		long id = catalogId();
		rows.put(new Row(Family.INDEX, new Object[] { table.value(), id, snapshot, null, def.name(), cols,
				def.unique(), false }));
		ddl("created_index:" + id);
		return new IndexId(id);
	}

	private Row liveIndex(IndexId index) {
		for (Row r : rows.at(snapshot, Family.INDEX))
			if (r.l("index_id") == index.value())
				return r;
		throw new MoraineException(NOT_FOUND, "no index " + index);
	}

	@Override
	public void dropIndex(TableId table, IndexId index) {
		Row r = liveIndex(index);
		if (r.l("table_id") != table.value())
			throw new MoraineException(NOT_FOUND, "no index " + index + " on table " + table);
		end(r);
		ddl("dropped_index:" + index.value());
	}

	@Override
	public void addIndexEntries(IndexId index, List<IndexEntry> entries) {
		Row r = liveIndex(index);
		int width = ((long[]) r.get("column_ids")).length;
		for (IndexEntry e : entries) {
			if (e.values().size() != width)
				throw new MoraineException(INVALID, "index " + index + " takes " + width + " values, not "
						+ e.values().size());
			if (r.b("is_unique") && !e.hasNull() && !Indexes.lookup(rows.view, index.value(), e.values()).isEmpty())
				throw new MoraineException(ALREADY_EXISTS, "unique index " + q(r.s("index_name"))
						+ " already holds " + e.values());
			rows.staged().put(io.lakestudio.moraine.internal.store.Layout.INDEX, Indexes.entryKey(index.value(), e),
					List.of(e.rowId(), e.hasNull()));
		}
		changes.add("inserted_into_table:" + r.l("table_id"));
	}

	@Override
	public void removeIndexEntries(IndexId index, List<IndexEntry> entries) {
		Row r = liveIndex(index);
		for (IndexEntry e : entries)
			rows.staged().delete(io.lakestudio.moraine.internal.store.Layout.INDEX,
					Indexes.entryKey(index.value(), e));
		changes.add("deleted_from_table:" + r.l("table_id"));
	}
}
