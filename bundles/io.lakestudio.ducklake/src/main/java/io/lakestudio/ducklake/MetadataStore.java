package io.lakestudio.ducklake;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Where a DuckLake catalog's metadata lives: a SQLite file here; moraine's KV store and FDL's frozen catalogs are
 * other implementations. It speaks in DuckLake's terms (snapshots, visible rows, one atomic commit per
 * transaction), never in SQL, so a store that is not a database fits. A read-only store refuses {@link #commit}.
 */
public interface MetadataStore extends AutoCloseable {

	/** Where it is, for messages (a file path, a store URL). */
	String location();

	boolean readOnly();

	/** The global {@code ducklake_metadata} keys (version, data_path, created_by, options...). */
	Map<String, String> metadata() throws DuckLakeException;

	Snapshot latest() throws DuckLakeException;

	/** The latest snapshot's id: whether anything was committed since a read, asked before every statement. */
	default long latestId() throws DuckLakeException {
		return latest().id();
	}

	Optional<Snapshot> snapshot(long id) throws DuckLakeException;

	/** All snapshots, oldest first. */
	List<Snapshot> snapshots() throws DuckLakeException;

	/** The last snapshot taken at or before {@code time}. */
	default Optional<Snapshot> snapshotAt(Instant time) throws DuckLakeException {
		Snapshot best = null;
		for (Snapshot s : snapshots()) {
			if (!s.time().isAfter(time)) {
				best = s;
			}
		}
		return Optional.ofNullable(best);
	}

	/** The schemas, tables and columns visible at {@code snapshot}. */
	CatalogAt at(Snapshot snapshot) throws DuckLakeException;

	/** Whether it keeps macros (a commit's {@link Commit#newMacros}); one that doesn't is never given any. */
	default boolean keepsMacros() {
		return false;
	}

	/** The macros visible at {@code snapshot} (none in a store that keeps none). */
	default List<MacroEntry> macros(Snapshot snapshot) throws DuckLakeException {
		return List.of();
	}

	/** The table's data files visible at {@code snapshot}, in file order (stats not filled in). */
	List<DataFile> dataFiles(long tableId, long snapshot) throws DuckLakeException;

	/** The table's delete files visible at {@code snapshot}. */
	List<DeleteFile> deleteFiles(long tableId, long snapshot) throws DuckLakeException;

	Optional<TableStats> tableStats(long tableId) throws DuckLakeException;

	/**
	 * The column stats of the table's data files ({@code ducklake_file_column_stats}), by data file id: what file
	 * pruning reads. By default from {@link #rows}.
	 */
	default Map<Long, List<ColumnStats>> fileColumnStats(long tableId) throws DuckLakeException {
		Map<Long, List<ColumnStats>> out = new java.util.HashMap<>();
		for (java.util.function.Function<String, String> v : rowsOfTable("ducklake_file_column_stats", tableId)) {
			String nan = v.apply("contains_nan");
			out.computeIfAbsent(Long.parseLong(v.apply("data_file_id")), k -> new java.util.ArrayList<>()).add(
					new ColumnStats(Long.parseLong(v.apply("column_id")), orZero(v.apply("value_count")), orZero(v
							.apply("null_count")), orZero(v.apply("column_size_bytes")), v.apply("min_value"), v.apply(
									"max_value"), nan == null ? null : Boolean.valueOf(nan), ColumnStats.geoOf(v.apply(
											"extra_stats"))));
		}
		return out;
	}

	/**
	 * The shredded field stats of the table's data files' VARIANT columns ({@code ducklake_file_variant_stats}), by
	 * data file id. By default from {@link #rows}.
	 */
	default Map<Long, List<VariantStats>> fileVariantStats(long tableId) throws DuckLakeException {
		Map<Long, List<VariantStats>> out = new java.util.HashMap<>();
		for (java.util.function.Function<String, String> v : rowsOfTable("ducklake_file_variant_stats", tableId)) {
			out.computeIfAbsent(Long.parseLong(v.apply("data_file_id")), k -> new java.util.ArrayList<>()).add(
					new VariantStats(Long.parseLong(v.apply("column_id")), v.apply("variant_path"), v.apply(
							"shredded_type"), orZero(v.apply("column_size_bytes")), orZero(v.apply("value_count")),
							orZero(v.apply("null_count")), v.apply("min_value"), v.apply("max_value")));
		}
		return out;
	}

	/**
	 * The table's {@code ducklake_table_column_stats} rows by column id (their type unknown here: null). By default
	 * from {@link #rows}.
	 */
	default Map<Long, TableColumnStats> tableColumnStats(long tableId) throws DuckLakeException {
		Map<Long, TableColumnStats> out = new java.util.LinkedHashMap<>();
		for (java.util.function.Function<String, String> v : rowsOfTable("ducklake_table_column_stats", tableId)) {
			long col = Long.parseLong(v.apply("column_id"));
			String nan = v.apply("contains_nan");
			out.put(col, TableColumnStats.stored(col, Boolean.parseBoolean(v.apply("contains_null")), nan == null
					? null : Boolean.valueOf(nan), v.apply("min_value"), v.apply("max_value"), v.apply("extra_stats")));
		}
		return out;
	}

	/**
	 * The rows of spec table {@code table} ({@link #rows}) whose table_id is {@code tableId}, each as a lookup of its
	 * values by column name.
	 */
	private List<java.util.function.Function<String, String>> rowsOfTable(String table, long tableId)
			throws DuckLakeException {
		List<String> names = List.copyOf(SpecTableColumns.of(table).keySet());
		List<java.util.function.Function<String, String>> out = new java.util.ArrayList<>();
		for (List<String> r : rows(table)) {
			java.util.function.Function<String, String> v = n -> r.get(names.indexOf(n));
			if (v.apply("table_id") != null && Long.parseLong(v.apply("table_id")) == tableId) {
				out.add(v);
			}
		}
		return out;
	}

	private static long orZero(String v) {
		return v == null ? 0 : Long.parseLong(v);
	}

	/**
	 * The table's rows inlined into the catalog ({@code ducklake_inlined_data_*}) visible at {@code snapshot}, by row
	 * id; none in a store that keeps none (it is never given any: {@link #keepsInlinedData}).
	 */
	default List<InlinedRow> inlinedRows(long tableId, long snapshot) throws DuckLakeException {
		return List.of();
	}

	/**
	 * The deletes of the table's file rows kept in the catalog ({@code ducklake_inlined_delete_<table>}) visible at
	 * {@code snapshot}: data file id, then position in the file to the snapshot that deleted it.
	 */
	default Map<Long, Map<Long, Long>> inlinedFileDeletes(long tableId, long snapshot) throws DuckLakeException {
		return Map.of();
	}

	/**
	 * Drops the table's inlined-data tables of superseded schema versions that hold no live row, as the extension's
	 * flush does (outside the snapshot protocol: no snapshot is minted). Nothing by default.
	 */
	default void reclaimInlinedTables(long tableId) throws DuckLakeException {
	}

	/** The inlined-data table {@code name} as the catalog holds it, if it has one by that name. */
	default Optional<InlinedTable> inlinedTable(String name) throws DuckLakeException {
		return Optional.empty();
	}

	/**
	 * Whether the store keeps a delete file's {@code partial_max}, so a delete file may hold deletes of several
	 * snapshots ({@link DeleteFile#partialMax}, {@link Commit#removedDeleteFiles}).
	 */
	default boolean keepsDeleteSnapshots() {
		return false;
	}

	/** Whether a commit may carry inlined rows ({@link Commit#inlinedInserts}). */
	default boolean keepsInlinedData() {
		return false;
	}

	/**
	 * Sets a global option in {@code ducklake_metadata} (data_inlining_row_limit, target_file_size...): outside the
	 * snapshot protocol, last write wins, no snapshot.
	 */
	void setOption(String key, String value) throws DuckLakeException;

	/**
	 * Every row of one of the specification's tables ({@code ducklake_snapshot}...), as the catalog holds it: what
	 * {@code __ducklake_metadata_<name>.ducklake_*} shows. Values are strings (null for NULL) in the text form of
	 * the column's DuckDB type ({@link SpecTableColumns}).
	 */
	List<List<String>> rows(String specTable) throws DuckLakeException;

	/**
	 * Writes the commit as one new snapshot, atomically, and returns it. Throws {@link DuckLakeException.Conflict}
	 * when a snapshot newer than the commit's base touched what it touches (then nothing is written).
	 */
	Snapshot commit(Commit commit) throws DuckLakeException;

	/** The options set on one table ({@code ducklake_metadata} rows of scope {@code table}), key to value. */
	default Map<String, String> tableOptions(long tableId) throws DuckLakeException {
		return Map.of();
	}

	/** Sets an option on one table only (scope {@code table}): as {@link #setOption}, last write wins. */
	default void setTableOption(long tableId, String key, String value) throws DuckLakeException {
		throw new DuckLakeException(location() + ": options of one table are not kept here");
	}

	/** The options set on one schema ({@code ducklake_metadata} rows of scope {@code schema}), key to value. */
	default Map<String, String> schemaOptions(long schemaId) throws DuckLakeException {
		return Map.of();
	}

	/** Sets an option on one schema only (scope {@code schema}): its tables go by it unless they set their own. */
	default void setSchemaOption(long schemaId, String key, String value) throws DuckLakeException {
		throw new DuckLakeException(location() + ": options of one schema are not kept here");
	}

	/** The table's partitioning at {@code snapshot}, if it has one. */
	default Optional<PartitionSpec> partitioning(long tableId, long snapshot) throws DuckLakeException {
		return Optional.empty();
	}

	/** Every partitioning the table ever had, by partition id: what its files were written under. */
	default Map<Long, PartitionSpec> partitionings(long tableId) throws DuckLakeException {
		return Map.of();
	}

	/** The partition of each of the table's data files written under a partitioning, by file id. */
	default Map<Long, FilePartition> filePartitions(long tableId) throws DuckLakeException {
		return Map.of();
	}

	/** The table's sort order at {@code snapshot}, if it has one. */
	default Optional<SortSpec> sorting(long tableId, long snapshot) throws DuckLakeException {
		return Optional.empty();
	}

	/** The tags of a table or view at {@code snapshot} ({@code comment}...), key to value. */
	default Map<String, String> tags(long objectId, long snapshot) throws DuckLakeException {
		return Map.of();
	}

	/** The tags of a table's columns at {@code snapshot}: column id, then key to value. */
	default Map<Long, Map<String, String>> columnTags(long tableId, long snapshot) throws DuckLakeException {
		return Map.of();
	}

	/**
	 * The tags of a view's columns at {@code snapshot} (a 1.1 catalog's {@code ducklake_view_column_tag}): the
	 * column's name as the view's query gives it, then key to value. None in a catalog that has no such table.
	 */
	default Map<String, Map<String, String>> viewColumnTags(long viewId, long snapshot) throws DuckLakeException {
		return Map.of();
	}

	/**
	 * The name mappings of the table's data files registered by {@code ducklake_add_data_files} (files without
	 * field ids): data file id to column id to the file's column name. None by default.
	 */
	default Map<Long, Map<Long, String>> nameMappings(long tableId) throws DuckLakeException {
		return Map.of();
	}

	/**
	 * Of those files, the columns each takes from its hive folder ({@code key=value} in its path) rather than from
	 * the file: data file id to column ids ({@code is_partition} mapping rows). None by default.
	 */
	default Map<Long, java.util.Set<Long>> hivePartitionColumns(long tableId) throws DuckLakeException {
		return Map.of();
	}

	/** The lineage of the table's data files that have one (merged or rewritten files); none by default. */
	default List<FileLineage> lineage(long tableId) throws DuckLakeException {
		return List.of();
	}

	/**
	 * Expires snapshots (never the latest), atomically: their rows go, and so does every row no kept snapshot sees,
	 * the files of those rows scheduled for deletion. Returns the snapshots expired; {@code dryRun} only says which.
	 */
	default List<Snapshot> expireSnapshots(java.util.Collection<Long> ids, boolean dryRun) throws DuckLakeException {
		throw new DuckLakeException(location() + ": this store does not expire snapshots");
	}

	/** The files scheduled for deletion ({@code ducklake_files_scheduled_for_deletion}). */
	default List<ScheduledFile> scheduledFiles() throws DuckLakeException {
		return List.of();
	}

	/** Forgets scheduled files (their catalog rows go first: the files themselves are deleted after). */
	default void forgetScheduled(java.util.Collection<Long> dataFileIds) throws DuckLakeException {
		throw new DuckLakeException(location() + ": this store does not clean up files");
	}

	/** Every file a row of the catalog names (any snapshot's, and those scheduled), as absolute paths. */
	default java.util.Set<String> namedFiles(String dataPath) throws DuckLakeException {
		return NamedFiles.of(this, dataPath);
	}

	/**
	 * Whether the file at {@code absolutePath} is one of the store's own (its database file and journals, a KV
	 * store's objects): never a DuckLake orphan, even under the data path. None by default.
	 */
	default boolean holds(String absolutePath) {
		return false;
	}

	@Override
	void close();
}
