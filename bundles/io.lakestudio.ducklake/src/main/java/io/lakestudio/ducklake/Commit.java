package io.lakestudio.ducklake;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one transaction changes, to become one snapshot: new rows (schemas, tables, columns, data and delete files)
 * and rows it ends (their {@code end_snapshot} set to the new snapshot). Ids come from the snapshot the
 * transaction began on ({@link #nextCatalogId()}, {@link #nextFileId()}); when others committed meanwhile, the
 * store refuses it if it conflicts with them ({@link Conflicts}), else moves its new ids past theirs. A store
 * writes it atomically: all of it or none.
 */
public final class Commit {

	private final Snapshot base;
	/** Where this commit's own catalog ids start: the base's next id, or past another's when it went in first. */
	private long firstCatalogId;
	private long nextCatalogId;
	private long nextFileId;
	private boolean schemaChanged;
	private String author;
	private String message;
	private Retries retries = Retries.DEFAULT;
	public final List<SchemaEntry> newSchemas = new ArrayList<>();
	public final Set<Long> endedSchemas = new LinkedHashSet<>();
	public final List<TableEntry> newTables = new ArrayList<>();
	public final Set<Long> endedTables = new LinkedHashSet<>();
	public final List<ColumnEntry> newColumns = new ArrayList<>();
	public final List<ViewEntry> newViews = new ArrayList<>();
	public final Set<Long> endedViews = new LinkedHashSet<>();
	public final List<MacroEntry> newMacros = new ArrayList<>();
	public final Set<Long> endedMacros = new LinkedHashSet<>();
	/** Column ids ended, by table id. */
	public final Map<Long, Set<Long>> endedColumns = new LinkedHashMap<>();
	public final List<DataFile> newDataFiles = new ArrayList<>();
	public final Set<Long> endedDataFiles = new LinkedHashSet<>();
	public final List<DeleteFile> newDeleteFiles = new ArrayList<>();
	public final Set<Long> endedDeleteFiles = new LinkedHashSet<>();
	/** The stats each touched table ends with. */
	public final Map<Long, TableStats> tableStats = new LinkedHashMap<>();
	/** The stats each touched table had when this transaction first wrote to it: what its deltas are against. */
	public final Map<Long, TableStats> baseStats = new LinkedHashMap<>();
	/** Tables whose stats row goes (dropped). */
	public final Set<Long> droppedStats = new LinkedHashSet<>();
	/**
	 * What this commit adds to each table's {@code ducklake_table_column_stats}, by table and column id: merged into
	 * the rows the catalog holds when it is written (commits since included).
	 */
	public final Map<Long, Map<Long, TableColumnStats>> columnStats = new LinkedHashMap<>();
	/** Tables whose column stats this commit recomputed from all their rows: written as they are, not merged. */
	public final Set<Long> recomputedStats = new LinkedHashSet<>();
	/**
	 * Data files a merge took the place of: their rows go (not ended, the merged file covers their snapshots) and
	 * the files are scheduled for deletion.
	 */
	public final List<ScheduledFile> removedDataFiles = new ArrayList<>();
	/** Delete files whose rows go (a later delete file of the same data file holds their deletes, from their first). */
	public final List<ScheduledFile> removedDeleteFiles = new ArrayList<>();
	/** Tables whose files maintenance merged or rewrote: a concurrent delete on them conflicts. */
	public final Set<Long> compactedTables = new LinkedHashSet<>();
	/** The lineage of new data files maintenance wrote, by their id in this commit. */
	public final Map<Long, FileLineage> lineage = new LinkedHashMap<>();
	/** Files registered without field ids, by their id in this commit: column id to the file's column name. */
	public final Map<Long, Map<Long, String>> nameMappings = new LinkedHashMap<>();
	/**
	 * Of those files, the columns whose value is the file's hive folder ({@code key=value}, the mapped name the key)
	 * rather than in the file: {@code is_partition} rows of {@code ducklake_name_mapping}.
	 */
	public final Map<Long, Set<Long>> hivePartitionColumns = new LinkedHashMap<>();
	/** {@code changes_made} entries, in order, e.g. {@code created_table:"main"."t"}, {@code inserted_into_table:3}. */
	public final Set<String> changes = new LinkedHashSet<>();
	/** Partitioning set on a table (no keys: reset), by table id; the one before ends. */
	public final Map<Long, PartitionSpec> partitionings = new LinkedHashMap<>();
	/** Sort orders set on a table (no keys: reset), by table id; the one before ends. */
	public final Map<Long, SortSpec> sortings = new LinkedHashMap<>();
	/** The partition of each new data file written under a partitioning, by the file's id. */
	public final Map<Long, FilePartition> filePartitions = new LinkedHashMap<>();
	/** Tags set on tables and views: object id, then key to value (null: the tag goes). */
	public final Map<Long, Map<String, String>> tags = new LinkedHashMap<>();
	/** Rows inserted into the catalog itself (data inlining), by table id, with their row ids. */
	public final Map<Long, List<InlinedRow>> inlinedInserts = new LinkedHashMap<>();
	/** The columns of each table the inlined rows were written under (what its inlined-data table holds). */
	public final Map<Long, List<ColumnEntry>> inlinedColumns = new LinkedHashMap<>();
	/** Row ids of committed inlined rows deleted, by table id: their {@code end_snapshot} becomes this one. */
	public final Map<Long, Set<Long>> inlinedDeletes = new LinkedHashMap<>();
	/** Deletes of rows of data files kept in the catalog (deletion inlining): table, data file, positions. */
	public final Map<Long, Map<Long, Set<Long>>> inlinedFileDeletes = new LinkedHashMap<>();
	/** Data files whose committed inlined deletes a flush wrote into a delete file, by table: those rows go. */
	public final Map<Long, Set<Long>> flushedFileDeletes = new LinkedHashMap<>();
	/**
	 * The number of Parquet row groups of a new data or delete file, by its id, from its footer: a 1.1 catalog keeps
	 * it (row_group_count); one not here is unknown (NULL), as for a file of a 1.0 catalog migrated.
	 */
	public final Map<Long, Long> rowGroups = new LinkedHashMap<>();
	/** The stats of the shredded fields of VARIANT columns in a new data file, by its id. */
	public final Map<Long, List<VariantStats>> variantStats = new LinkedHashMap<>();
	/**
	 * Tags set on a view's columns (DuckLake 1.1's ducklake_view_column_tag): view id, the column's name as the
	 * view's query names it, then key to value (null: the tag goes).
	 */
	public final Map<Long, Map<String, Map<String, String>>> viewColumnTags = new LinkedHashMap<>();
	/** Tags set on columns: table id, column id, then key to value (null: the tag goes). */
	public final Map<Long, Map<Long, Map<String, String>>> columnTags = new LinkedHashMap<>();

	public Commit(Snapshot base) {
		this.base = base;
		this.firstCatalogId = base.nextCatalogId();
		this.nextCatalogId = base.nextCatalogId();
		this.nextFileId = base.nextFileId();
	}

	public Snapshot base() {
		return base;
	}

	/** A new schema, table, column or view id. */
	public long catalogId() {
		schemaChanged = true;
		return nextCatalogId++;
	}

	/** A new data or delete file id. */
	public long fileId() {
		return nextFileId++;
	}

	public long nextCatalogId() {
		return nextCatalogId;
	}

	public long nextFileId() {
		return nextFileId;
	}

	/**
	 * The snapshot's {@code next_file_id} once this commit is in: past its files, and one more for each table it
	 * inlined rows into without writing a data file, as the extension marks a data change that made no file.
	 */
	public long nextFileIdAfter() {
		long next = nextFileId;
		for (Map.Entry<Long, List<InlinedRow>> e : inlinedInserts.entrySet()) {
			if (!e.getValue().isEmpty() && newDataFiles.stream().noneMatch(f -> f.tableId() == e.getKey())) {
				next++;
			}
		}
		return next;
	}

	/** Whether {@code id} is one this commit handed out (a schema, table, view, macro... it made). */
	public boolean ownsCatalogId(long id) {
		return id >= firstCatalogId && id < nextCatalogId;
	}

	/**
	 * Moves the catalog ids this commit handed out to start at {@code start}, everywhere it names them: what a
	 * commit does when others took its ids since it began, as the extension numbers a transaction's new entries
	 * from the latest snapshot's {@code next_catalog_id} at commit time.
	 */
	void moveCatalogIds(long start) {
		if (start == firstCatalogId) {
			return;
		}
		long from = firstCatalogId;
		long to = nextCatalogId;
		long by = start - from;
		CatalogIds.move(this, id -> id >= from && id < to ? id + by : id);
		firstCatalogId = start;
		nextCatalogId = to + by;
	}

	/** The schema changed (a table made, dropped or altered): the snapshot gets a new schema version. */
	public void schemaChanged() {
		schemaChanged = true;
	}

	public boolean changesSchema() {
		return schemaChanged;
	}

	public Commit by(String author, String message) {
		this.author = author;
		this.message = message;
		return this;
	}

	/** How the store tries again when another writer took the next snapshot first (the session's settings). */
	public Commit retries(Retries r) {
		this.retries = r;
		return this;
	}

	public Retries retries() {
		return retries;
	}

	public String author() {
		return author;
	}

	public String message() {
		return message;
	}

	public boolean isEmpty() {
		return changes.isEmpty();
	}

	/** The catalog as this transaction sees it: {@code base} with its own new and ended rows. */
	public CatalogAt applyTo(CatalogAt base) {
		java.util.List<SchemaEntry> schemas = new ArrayList<>(base.schemas());
		schemas.removeIf(x -> endedSchemas.contains(x.id()));
		schemas.addAll(newSchemas);
		java.util.List<TableEntry> tables = new ArrayList<>(base.tables());
		tables.removeIf(x -> endedTables.contains(x.id()));
		tables.addAll(newTables);
		Map<Long, java.util.List<ColumnEntry>> columns = new LinkedHashMap<>();
		for (Map.Entry<Long, java.util.List<ColumnEntry>> e : base.columns().entrySet()) {
			java.util.List<ColumnEntry> cs = new ArrayList<>(e.getValue());
			Set<Long> ended = endedColumns.getOrDefault(e.getKey(), Set.of());
			cs.removeIf(x -> ended.contains(x.id()));
			columns.put(e.getKey(), cs);
		}
		for (ColumnEntry c : newColumns) {
			columns.computeIfAbsent(c.tableId(), k -> new ArrayList<>()).add(c);
		}
		columns.values().forEach(cs -> cs.sort(java.util.Comparator.comparingLong(ColumnEntry::order)));
		java.util.List<ViewEntry> views = new ArrayList<>(base.views());
		views.removeIf(x -> endedViews.contains(x.id()));
		views.addAll(newViews);
		return new CatalogAt(base.snapshot(), schemas, tables, columns, views);
	}

	/** Ends a column of a table. */
	public void endColumn(long tableId, long columnId) {
		newColumns.removeIf(c -> c.tableId() == tableId && c.id() == columnId);
		endedColumns.computeIfAbsent(tableId, k -> new LinkedHashSet<>()).add(columnId);
		schemaChanged = true;
	}
}
