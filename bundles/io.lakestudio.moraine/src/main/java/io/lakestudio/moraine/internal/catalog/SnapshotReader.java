package io.lakestudio.moraine.internal.catalog;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.lakestudio.moraine.*;
import io.lakestudio.moraine.internal.store.Layout;
import io.lakestudio.moraine.internal.store.RowView;

/** The catalog as one snapshot saw it: DuckLake rows visible at that snapshot, turned into the API's records. */
public final class SnapshotReader {

	final Rows rows;
	final long at;
	/** Whether closing this reader releases its cut (a transaction's own reads leave it to the commit). */
	private final boolean ownsCut;

	public SnapshotReader(RowView view, long snapshot) {
		this(new Rows(view, null), snapshot, true);
	}

	SnapshotReader(Rows rows, long snapshot, boolean ownsCut) {
		this.rows = rows;
		this.at = snapshot;
		this.ownsCut = ownsCut;
	}

	public long id() {
		return at;
	}

	/** Whether the store holds this snapshot's record (false: never minted, or expired). */
	public boolean exists() {
		return rows.one(at, Family.SNAPSHOT, at).isPresent();
	}

	public SnapshotInfo info() {
		Row s = rows.one(at, Family.SNAPSHOT, at)
				.orElseThrow(() -> new MoraineException(MoraineException.Kind.NO_SUCH_SNAPSHOT, "no snapshot " + at));
		Optional<Row> c = rows.one(at, Family.SNAPSHOT_CHANGES, at);
		return new SnapshotInfo(new SnapshotId(at), new Timestamp(s.l("snapshot_time")), s.l("schema_version"),
				s.l("next_catalog_id"), s.l("next_file_id"), c.map(r -> r.s("changes_made")).orElse(""),
				c.map(r -> r.s("author")).orElse(null), c.map(r -> r.s("commit_message")).orElse(null),
				c.map(r -> r.s("commit_extra_info")).orElse(null));
	}

	static SnapshotId sid(long v) {
		return new SnapshotId(v);
	}

	public List<SchemaInfo> schemas() {
		return rows.at(at, Family.SCHEMA).stream().map(SnapshotReader::schema).toList();
	}

	static SchemaInfo schema(Row r) {
		return new SchemaInfo(new SchemaId(r.l("schema_id")), r.s("schema_uuid"), r.s("schema_name"), r.s("path"),
				r.b("path_is_relative"), sid(r.begin()));
	}

	public Optional<SchemaInfo> schema(SchemaId id) {
		return rows.one(at, Family.SCHEMA, id.value()).map(SnapshotReader::schema);
	}

	public Optional<SchemaInfo> schemaByName(String name) {
		return schemas().stream().filter(s -> s.name().equals(name)).findFirst();
	}

	public List<TableInfo> tables() {
		return rows.at(at, Family.TABLE).stream().map(SnapshotReader::table).toList();
	}

	public List<TableInfo> tables(SchemaId schema) {
		return tables().stream().filter(t -> t.schema().equals(schema)).toList();
	}

	static TableInfo table(Row r) {
		return new TableInfo(new TableId(r.l("table_id")), r.s("table_uuid"), new SchemaId(r.l("schema_id")),
				r.s("table_name"), r.s("path"), r.b("path_is_relative"), sid(r.begin()));
	}

	public Optional<TableInfo> table(TableId id) {
		return rows.one(at, Family.TABLE, id.value()).map(SnapshotReader::table);
	}

	public Optional<TableInfo> tableByName(SchemaId schema, String name) {
		return tables(schema).stream().filter(t -> t.name().equals(name)).findFirst();
	}

	/** A table's columns, parents before children, each level in column order. */
	public List<ColumnInfo> columns(TableId table) {
		List<ColumnInfo> cols = new ArrayList<>(
				rows.at(at, Family.COLUMN, table.value()).stream().map(SnapshotReader::column).toList());
		cols.sort(Comparator.comparing((ColumnInfo c) -> c.parent().map(ColumnId::value).orElse(-1L))
				.thenComparingLong(ColumnInfo::order));
		return cols;
	}

	static ColumnInfo column(Row r) {
		return new ColumnInfo(new ColumnId(r.l("column_id")), new TableId(r.l("table_id")), r.s("column_name"),
				r.s("column_type"), r.b("nulls_allowed"), r.s("default_value"), r.s("initial_default"),
				r.l("column_order"), Optional.ofNullable(r.nl("parent_column")).map(ColumnId::new), sid(r.begin()));
	}

	public List<ViewInfo> views(SchemaId schema) {
		return rows.at(at, Family.VIEW).stream().filter(r -> r.l("schema_id") == schema.value())
				.map(SnapshotReader::view).toList();
	}

	static ViewInfo view(Row r) {
		return new ViewInfo(new ViewId(r.l("view_id")), r.s("view_uuid"), new SchemaId(r.l("schema_id")),
				r.s("view_name"), r.s("dialect"), r.s("sql"), r.s("column_aliases"), sid(r.begin()));
	}

	public Optional<ViewInfo> view(ViewId id) {
		return rows.one(at, Family.VIEW, id.value()).map(SnapshotReader::view);
	}

	public List<MacroInfo> macros(SchemaId schema) {
		return rows.at(at, Family.MACRO).stream().filter(r -> r.l("schema_id") == schema.value())
				.map(this::macro).toList();
	}

	MacroInfo macro(Row r) {
		long id = r.l("macro_id");
		List<MacroImplementationDef> impls = new ArrayList<>();
		for (Row impl : rows.all(Family.MACRO_IMPL, id)) {
			List<MacroParameterDef> params = rows.all(Family.MACRO_PARAMETERS, id, impl.l("impl_id")).stream()
					.map(p -> new MacroParameterDef(p.s("parameter_name"), p.s("parameter_type"),
							p.s("default_value"), p.s("default_value_type")))
					.toList();
			impls.add(new MacroImplementationDef(impl.s("dialect"), impl.s("sql"), impl.s("type"), params));
		}
		return new MacroInfo(new MacroId(id), new SchemaId(r.l("schema_id")), r.s("macro_name"), impls,
				sid(r.begin()));
	}

	public Optional<MacroInfo> macro(MacroId id) {
		return rows.one(at, Family.MACRO, id.value()).map(this::macro);
	}

	/** Tags visible at this snapshot on a schema, table or view. */
	public List<TagEntry> tags(long objectId) {
		return rows.at(at, Family.TAG, objectId).stream().map(SnapshotReader::tag).toList();
	}

	static TagEntry tag(Row r) {
		return new TagEntry(r.l(r.family == Family.TAG ? "object_id" : "column_id"), r.s("key"), r.s("value"),
				sid(r.begin()), Optional.ofNullable(r.end()).map(SnapshotId::new));
	}

	public List<TagEntry> columnTags(TableId table, ColumnId column) {
		return rows.at(at, Family.COLUMN_TAG, table.value(), column.value()).stream().map(SnapshotReader::tag)
				.toList();
	}

	public Optional<PartitionSpec> partitionSpec(TableId table) {
		return rows.at(at, Family.PARTITION_INFO, table.value()).stream().findFirst().map(r -> {
			long id = r.l("partition_id");
			List<PartitionColumnDef> keys = rows.all(Family.PARTITION_COLUMN, table.value(), id).stream()
					.map(c -> new PartitionColumnDef(new ColumnId(c.l("column_id")), c.s("transform"))).toList();
			return new PartitionSpec(new PartitionId(id), table, keys, sid(r.begin()));
		});
	}

	public Optional<SortSpec> sortSpec(TableId table) {
		return rows.at(at, Family.SORT_INFO, table.value()).stream().findFirst().map(r -> {
			long id = r.l("sort_id");
			List<SortKeyDef> keys = rows.all(Family.SORT_EXPRESSION, table.value(), id).stream()
					.map(c -> new SortKeyDef(c.s("expression"), c.s("dialect"), c.s("sort_direction"),
							c.s("null_order")))
					.toList();
			return new SortSpec(new SortId(id), table, keys, sid(r.begin()));
		});
	}

	public List<DataFileInfo> dataFiles(TableId table) {
		return rows.at(at, Family.DATA_FILE, table.value()).stream().map(this::dataFile).toList();
	}

	DataFileInfo dataFile(Row r) {
		long table = r.l("table_id"), id = r.l("data_file_id");
		List<String> partitionValues = rows.all(Family.FILE_PARTITION_VALUE, table, id).stream()
				.map(p -> p.s("partition_value")).toList();
		return new DataFileInfo(new DataFileId(id), new TableId(table), r.s("path"), r.b("path_is_relative"),
				r.s("file_format"), r.l("record_count"), r.l("file_size_bytes"), r.nl("footer_size"),
				r.nl("row_id_start") == null ? DataFileInfo.IDS_IN_FILE : r.l("row_id_start"), Optional.ofNullable(r.nl("partition_id")).map(PartitionId::new),
				partitionValues, Optional.ofNullable(r.nl("mapping_id")).map(MappingId::new), sid(r.begin()));
	}

	public List<FileColumnStats> fileColumnStats(TableId table, DataFileId file) {
		return rows.all(Family.FILE_COLUMN_STATS, table.value(), file.value()).stream()
				.map(r -> new FileColumnStats(new ColumnId(r.l("column_id")), r.nl("column_size_bytes"),
						r.nl("value_count"), r.nl("null_count"), r.s("min_value"), r.s("max_value"),
						(Boolean) r.get("contains_nan"), r.s("extra_stats")))
				.toList();
	}

	public List<DeleteFileInfo> deleteFiles(TableId table) {
		return rows.at(at, Family.DELETE_FILE, table.value()).stream()
				.map(r -> new DeleteFileInfo(new DeleteFileId(r.l("delete_file_id")), table,
						new DataFileId(r.l("data_file_id")), r.s("path"), r.b("path_is_relative"), r.s("format"),
						r.l("delete_count"), r.l("file_size_bytes"), sid(r.begin())))
				.toList();
	}

	/** The table's statistics as of the head (DuckLake keeps them current-only, not per snapshot). */
	public Optional<TableStats> tableStats(TableId table) {
		return rows.one(at, Family.TABLE_STATS, table.value()).map(r -> {
			List<ColumnStats> cols = rows.all(Family.TABLE_COLUMN_STATS, table.value()).stream()
					.map(c -> new ColumnStats(new ColumnId(c.l("column_id")), (Boolean) c.get("contains_null"),
							(Boolean) c.get("contains_nan"), c.s("min_value"), c.s("max_value"),
							c.s("extra_stats")))
					.toList();
			return new TableStats(r.l("record_count"), r.l("next_row_id"), r.l("file_size_bytes"), cols);
		});
	}

	public List<MappingInfo> mappings(TableId table) {
		return rows.all(Family.COLUMN_MAPPING, table.value()).stream().map(r -> {
			long id = r.l("mapping_id");
			List<NameMappingDef> cols = rows.all(Family.NAME_MAPPING, id).stream()
					.map(n -> new NameMappingDef(n.l("column_id"), n.s("source_name"), n.l("target_field_id"),
							n.nl("parent_column"), n.b("is_partition")))
					.toList();
			return new MappingInfo(new MappingId(id), table, r.s("type"), cols);
		}).toList();
	}

	public List<IndexInfo> indexes(TableId table) {
		return rows.at(at, Family.INDEX, table.value()).stream().map(SnapshotReader::index).toList();
	}

	static IndexInfo index(Row r) {
		List<ColumnId> cols = new ArrayList<>();
		for (long c : (long[]) r.get("column_ids"))
			cols.add(new ColumnId(c));
		return new IndexInfo(new IndexId(r.l("index_id")), new TableId(r.l("table_id")), r.s("index_name"), cols,
				r.b("is_unique"), sid(r.begin()));
	}

	/**
	 * A DuckLake catalog table as its database held it when this snapshot was the head: temporal rows begun by
	 * then (an end_snapshot after this one shows as null), snapshot rows up to this one, the rest as they are.
	 */
	public List<Map<String, Object>> ducklakeRows(Family family) {
		List<Map<String, Object>> out = new ArrayList<>();
		for (Row r : rows.all(family)) {
			if (family.temporal()) {
				if (r.begin() > at)
					continue;
				if (r.end() != null && r.end() > at)
					r = r.with("end_snapshot", null);
			} else if (family.subspace.equals(Layout.SNAPSHOTS)
					&& ((Long) r.fields().get(0)) > at)
				continue;
			out.add(r.asMap());
		}
		return out;
	}

	public List<ScheduledDeletion> scheduledDeletions() {
		return rows.all(Family.FILES_SCHEDULED_FOR_DELETION).stream().map(r -> new ScheduledDeletion(
				r.l("data_file_id"), r.s("path"), r.b("path_is_relative"), new Timestamp(r.l("schedule_start"))))
				.toList();
	}

	public List<RecentRow> recentRows(TableId table) {
		return Inlined.rowsAt(rows.view, table.value(), at);
	}

	public List<Long> lookup(IndexId index, List<String> values) {
		return Indexes.lookup(rows.view, index.value(), values);
	}

	/** ducklake_metadata: the options, as last written (they are outside the snapshot protocol). */
	public List<Map<String, Object>> metadataRows() {
		List<Map<String, Object>> out = new ArrayList<>();
		for (List<Object> f : rows.view.scanRange(Layout.OPTIONS, new byte[0], null)) {
			Map<String, Object> m = new java.util.LinkedHashMap<>();
			m.put("key", f.get(0));
			m.put("value", f.get(1));
			m.put("scope", f.get(2));
			m.put("scope_id", f.get(3));
			out.add(m);
		}
		return out;
	}

	/** Every snapshot up to this one, oldest first. */
	public List<SnapshotInfo> snapshots() {
		List<SnapshotInfo> out = new ArrayList<>();
		for (Row r : rows.all(Family.SNAPSHOT))
			if (r.l("snapshot_id") <= at)
				out.add(new SnapshotReader(rows, r.l("snapshot_id"), false).info());
		return out;
	}

	/** What releases this reader's cut (nothing for a transaction's own reads); holds no reference to the reader. */
	public Runnable releaser() {
		if (!ownsCut)
			return () -> {
			};
		return rows.view::release;
	}
}
