package io.lakestudio.moraine.ducklake;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DataFile;
import io.lakestudio.ducklake.DeleteFile;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.FileLineage;
import io.lakestudio.ducklake.FilePartition;
import io.lakestudio.ducklake.InlinedRow;
import io.lakestudio.ducklake.InlinedTable;
import io.lakestudio.ducklake.MacroEntry;
import io.lakestudio.ducklake.MetadataStore;
import io.lakestudio.ducklake.PartitionSpec;
import io.lakestudio.ducklake.ScheduledFile;
import io.lakestudio.ducklake.Snapshot;
import io.lakestudio.ducklake.SpecTableColumns;
import io.lakestudio.ducklake.SortSpec;
import io.lakestudio.ducklake.TableStats;
import io.lakestudio.moraine.Catalog;
import io.lakestudio.moraine.CatalogSnapshot;
import io.lakestudio.moraine.MoraineException;
import io.lakestudio.moraine.OptionScope;
import io.lakestudio.moraine.ReadOnlyCatalog;
import io.lakestudio.moraine.SnapshotId;
import io.lakestudio.moraine.TableId;

/**
 * A DuckLake catalog's metadata in a moraine store: every read through moraine's catalog API at the snapshot
 * asked for, a commit as one moraine commit (one snapshot, one atomic store write) of the rows the SQLite store
 * would write ({@link CommitRows}), after DuckLake's conflict rules ({@link io.lakestudio.ducklake.Conflicts}). A
 * read-only store is a {@link ReadOnlyCatalog} (following the head, or pinned to a checkpoint, then it writes
 * nothing at all).
 * Inlined data: the rows the SQLite store keeps in its ducklake_inlined_* tables, carried as host rows in the same
 * commit ({@link InlinedRows}), so stats, row ids and the flush stay the host's as on SQLite.
 */
public final class MoraineStore implements MetadataStore {

	private final String location;
	private final ReadOnlyCatalog reader;
	private final Catalog writer;
	private final Runnable release;
	private boolean closed;

	/** {@code release}: what closing gives up (the reader, or this attachment's use of a shared writer). */
	MoraineStore(String location, ReadOnlyCatalog reader, Runnable release) {
		this.location = location;
		this.reader = reader;
		this.writer = reader instanceof Catalog c ? c : null;
		this.release = release;
	}

	/** The moraine catalog underneath, for moraine's own calls (census, checkpoints...). */
	public ReadOnlyCatalog catalog() {
		return reader;
	}

	/** The writer, when attached read-write. */
	public Optional<Catalog> writer() {
		return Optional.ofNullable(writer);
	}

	@Override
	public String location() {
		return location;
	}

	@Override
	public boolean readOnly() {
		return writer == null;
	}

	DuckLakeException failed(String what, MoraineException e) {
		return new DuckLakeException(location + ": cannot " + what + ": " + e.getMessage(), e);
	}

	@Override
	public synchronized Map<String, String> metadata() throws DuckLakeException {
		try {
			return reader.options(OptionScope.GLOBAL);
		} catch (MoraineException e) {
			throw failed("read its options", e);
		}
	}

	/** The DuckLake version the catalog is at ({@code version}): what its rows list and what a commit writes. */
	String version() throws DuckLakeException {
		String v = metadata().get("version");
		return v == null ? SpecTableColumns.V1_0 : v;
	}

	@Override
	public synchronized Snapshot latest() throws DuckLakeException {
		try (CatalogSnapshot s = reader.snapshot()) {
			return Entries.snapshot(s.info());
		} catch (MoraineException e) {
			throw failed("read its latest snapshot", e);
		}
	}

	@Override
	public synchronized Optional<Snapshot> snapshot(long id) throws DuckLakeException {
		try (CatalogSnapshot s = reader.snapshotAt(new SnapshotId(id))) {
			return Optional.of(Entries.snapshot(s.info()));
		} catch (MoraineException e) {
			if (e.kind() == MoraineException.Kind.NO_SUCH_SNAPSHOT) {
				return Optional.empty();
			}
			throw failed("read snapshot " + id, e);
		}
	}

	@Override
	public synchronized List<Snapshot> snapshots() throws DuckLakeException {
		try {
			return reader.snapshots().stream().map(Entries::snapshot).toList();
		} catch (MoraineException e) {
			throw failed("read its snapshots", e);
		}
	}

	/** A read at snapshot {@code id}, its cut released after. */
	interface At<T> {
		T read(CatalogSnapshot s);
	}

	<T> T at(long id, String what, At<T> reading) throws DuckLakeException {
		try (CatalogSnapshot s = reader.snapshotAt(new SnapshotId(id))) {
			return reading.read(s);
		} catch (MoraineException e) {
			throw failed(what, e);
		}
	}

	@Override
	public synchronized CatalogAt at(Snapshot snapshot) throws DuckLakeException {
		return at(snapshot.id(), "read the catalog at snapshot " + snapshot.id(), s -> Entries.catalogAt(snapshot, s));
	}

	@Override
	public boolean keepsMacros() {
		return true;
	}

	@Override
	public synchronized List<MacroEntry> macros(Snapshot snapshot) throws DuckLakeException {
		return at(snapshot.id(), "read the macros at snapshot " + snapshot.id(), s -> new LayoutReads(s).macros());
	}

	@Override
	public synchronized Optional<PartitionSpec> partitioning(long tableId, long snapshot) throws DuckLakeException {
		return at(snapshot, "read the partitioning of table " + tableId, s -> new LayoutReads(s).partitioning(tableId));
	}

	@Override
	public synchronized Map<Long, PartitionSpec> partitionings(long tableId) throws DuckLakeException {
		return head("read the partitionings of table " + tableId, s -> new LayoutReads(s).partitionings(tableId));
	}

	@Override
	public synchronized Map<Long, FilePartition> filePartitions(long tableId) throws DuckLakeException {
		return head("read the partition values of table " + tableId, s -> new LayoutReads(s).filePartitions(tableId));
	}

	@Override
	public synchronized Optional<SortSpec> sorting(long tableId, long snapshot) throws DuckLakeException {
		return at(snapshot, "read the sort order of table " + tableId, s -> new LayoutReads(s).sorting(tableId));
	}

	@Override
	public synchronized Map<String, String> tags(long objectId, long snapshot) throws DuckLakeException {
		return at(snapshot, "read the tags of " + objectId, s -> new LayoutReads(s).tags(objectId));
	}

	@Override
	public synchronized Map<Long, Map<String, String>> columnTags(long tableId, long snapshot)
			throws DuckLakeException {
		return at(snapshot, "read the column tags of " + tableId, s -> new LayoutReads(s).columnTags(tableId));
	}

	@Override
	public synchronized Map<Long, Map<Long, String>> nameMappings(long tableId) throws DuckLakeException {
		return head("read the name mappings of table " + tableId, s -> new LayoutReads(s).nameMappings(tableId));
	}

	@Override
	public synchronized Map<Long, java.util.Set<Long>> hivePartitionColumns(long tableId) throws DuckLakeException {
		return head("read the hive partition columns of table " + tableId, s -> new LayoutReads(s)
				.hivePartitionColumns(tableId));
	}

	@Override
	public synchronized List<FileLineage> lineage(long tableId) throws DuckLakeException {
		return head("read the lineage of table " + tableId, s -> new LayoutReads(s).lineage(tableId));
	}

	/** A read at the head, its cut released after. */
	private <T> T head(String what, At<T> reading) throws DuckLakeException {
		try (CatalogSnapshot s = reader.snapshot()) {
			return reading.read(s);
		} catch (MoraineException e) {
			throw failed(what, e);
		}
	}

	@Override
	public synchronized List<DataFile> dataFiles(long tableId, long snapshot) throws DuckLakeException {
		return at(snapshot, "read the data files of table " + tableId, s -> Entries.dataFiles(s, tableId));
	}

	@Override
	public synchronized List<DeleteFile> deleteFiles(long tableId, long snapshot) throws DuckLakeException {
		return at(snapshot, "read the delete files of table " + tableId, s -> Entries.deleteFiles(s, tableId));
	}

	@Override
	public synchronized Optional<TableStats> tableStats(long tableId) throws DuckLakeException {
		try (CatalogSnapshot s = reader.snapshot()) {
			return s.tableStats(new TableId(tableId)).map(t -> new TableStats(tableId, t.recordCount(), t.nextRowId(),
					t.fileSizeBytes()));
		} catch (MoraineException e) {
			throw failed("read the stats of table " + tableId, e);
		}
	}

	/** A delete file's rows carry their snapshots ({@code partial_max}), as on SQLite. */
	@Override
	public boolean keepsDeleteSnapshots() {
		return true;
	}

	/** Inlined rows are carried as host rows ({@link InlinedRows}), so a writer keeps them as SQLite does. */
	@Override
	public boolean keepsInlinedData() {
		return writer != null;
	}

	@Override
	public synchronized List<InlinedRow> inlinedRows(long tableId, long snapshot) throws DuckLakeException {
		return at(snapshot, "read the inlined rows of table " + tableId, s -> InlinedRows.read(s, tableId));
	}

	@Override
	public synchronized Map<Long, Map<Long, Long>> inlinedFileDeletes(long tableId, long snapshot)
			throws DuckLakeException {
		return at(snapshot, "read the inlined deletes of table " + tableId,
				s -> InlinedRows.fileDeletes(s, tableId, snapshot));
	}

	@Override
	public synchronized Optional<InlinedTable> inlinedTable(String name) throws DuckLakeException {
		java.util.regex.Matcher d = java.util.regex.Pattern.compile("ducklake_inlined_delete_(\\d+)").matcher(name);
		if (d.matches()) {
			long table = Long.parseLong(d.group(1));
			return head("read " + name, s -> InlinedRows.deleteTable(s, table));
		}
		Optional<Map<String, Object>> listed = head("read the inlined-data tables", s -> s.ducklakeRows(
				"ducklake_inlined_data_tables").stream().filter(r -> name.equals(r.get("table_name"))).findFirst());
		if (listed.isEmpty()) {
			return Optional.empty();
		}
		long table = (Long) listed.get().get("table_id");
		long sv = (Long) listed.get().get("schema_version");
		// the columns as the schema version began (what its rows were written under)
		long began = snapshots().stream().filter(x -> x.schemaVersion() == sv).mapToLong(Snapshot::id).min()
				.orElse(latest().id());
		List<ColumnEntry> cols = at(began, "read the columns of table " + table,
				s -> Entries.columnTree(table, s.columns(new TableId(table)), null));
		boolean v11 = SpecTableColumns.V1_1.equals(version());
		return head("read " + name, s -> Optional.of(InlinedRows.dataTable(s, table, sv, cols, v11)));
	}

	@Override
	public synchronized void setOption(String key, String value) throws DuckLakeException {
		try {
			writable().setOption(OptionScope.GLOBAL, key, value);
		} catch (MoraineException e) {
			throw failed("set the option " + key, e);
		}
	}

	@Override
	public synchronized Map<String, String> tableOptions(long tableId) throws DuckLakeException {
		try {
			return reader.options(OptionScope.table(new TableId(tableId)));
		} catch (MoraineException e) {
			throw failed("read the options of table " + tableId, e);
		}
	}

	@Override
	public synchronized void setTableOption(long tableId, String key, String value) throws DuckLakeException {
		try {
			writable().setOption(OptionScope.table(new TableId(tableId)), key, value);
		} catch (MoraineException e) {
			throw failed("set the option " + key + " of table " + tableId, e);
		}
	}

	@Override
	public synchronized Map<String, String> schemaOptions(long schemaId) throws DuckLakeException {
		try {
			return reader.options(OptionScope.schema(new io.lakestudio.moraine.SchemaId(schemaId)));
		} catch (MoraineException e) {
			throw failed("read the options of schema " + schemaId, e);
		}
	}

	@Override
	public synchronized void setSchemaOption(long schemaId, String key, String value) throws DuckLakeException {
		try {
			writable().setOption(OptionScope.schema(new io.lakestudio.moraine.SchemaId(schemaId)), key, value);
		} catch (MoraineException e) {
			throw failed("set the option " + key + " of schema " + schemaId, e);
		}
	}

	/** One moraine commit that mints no snapshot: the expired snapshots' rows go, their files are scheduled. */
	@Override
	public synchronized List<Snapshot> expireSnapshots(java.util.Collection<Long> ids, boolean dryRun)
			throws DuckLakeException {
		Catalog w = dryRun ? null : writable();
		long latest = latest().id();
		List<Snapshot> out = snapshots().stream().filter(s -> s.id() != latest && ids.contains(s.id())).toList();
		if (w != null && !out.isEmpty()) {
			List<SnapshotId> expired = out.stream().map(s -> new SnapshotId(s.id())).toList();
			try {
				synchronized (w) {
					w.commit(tx -> tx.expireSnapshots(expired));
				}
			} catch (MoraineException e) {
				throw failed("expire snapshots", e);
			}
		}
		return out;
	}

	@Override
	public synchronized List<ScheduledFile> scheduledFiles() throws DuckLakeException {
		return head("read the files scheduled for deletion", s -> s.scheduledDeletions().stream().map(d -> {
			long micros = d.scheduleStart().micros();
			return new ScheduledFile(d.fileId(), d.path(), d.pathIsRelative(), Instant.ofEpochSecond(
					Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000));
		}).toList());
	}

	@Override
	public synchronized void forgetScheduled(java.util.Collection<Long> dataFileIds) throws DuckLakeException {
		Catalog w = writable();
		if (dataFileIds.isEmpty()) {
			return;
		}
		try {
			synchronized (w) {
				w.commit(tx -> tx.removeScheduledDeletions(List.copyOf(dataFileIds)));
			}
		} catch (MoraineException e) {
			throw failed("forget files scheduled for deletion", e);
		}
	}

	private Catalog writable() throws DuckLakeException {
		if (writer == null) {
			throw new DuckLakeException(location + ": the catalog is attached read-only");
		}
		return writer;
	}

	@Override
	public synchronized List<List<String>> rows(String specTable) throws DuckLakeException {
		String version = version();
		try (CatalogSnapshot s = reader.snapshot()) {
			return SpecRows.of(location, version, s, specTable);
		} catch (MoraineException e) {
			throw failed("read " + specTable, e);
		}
	}

	@Override
	public synchronized Snapshot commit(Commit c) throws DuckLakeException {
		Catalog w = writable();
		SnapshotId made;
		// the writer is shared by every attachment in this process (Writers): the latest snapshot, the check
		// against it and the commit are one step on it, or two sessions would both build on one snapshot and the
		// second's rows would take the first's ids (a delete file overwritten: a delete lost)
		synchronized (w) {
			Snapshot latest = latest();
			long fileShift = io.lakestudio.ducklake.Conflicts.rebase(this, c, latest);
			boolean v11 = SpecTableColumns.V1_1.equals(version());
			try {
				made = w.commit(tx -> new CommitRows(tx, c, latest, fileShift, v11).write());
			} catch (MoraineException e) {
				throw failed("commit", e);
			}
		}
		return snapshot(made.value()).orElseThrow(() -> new DuckLakeException(location + ": the commit of snapshot "
				+ made.value() + " is not readable back"));
	}

	/** A folder store's objects (manifests, WAL, SSTs) are under its folder, which may be under the data path. */
	@Override
	public boolean holds(String absolutePath) {
		String folder = location.startsWith(MoraineCatalogs.PREFIX) ? location.substring(MoraineCatalogs.PREFIX.length())
				: location;
		if (folder.matches("^[a-z0-9]+://.*")) {
			return false;
		}
		java.nio.file.Path root = java.nio.file.Path.of(folder).toAbsolutePath().normalize();
		return java.nio.file.Path.of(absolutePath).toAbsolutePath().normalize().startsWith(root);
	}

	@Override
	public synchronized void close() {
		if (!closed) {
			closed = true;
			release.run();
		}
	}
}
