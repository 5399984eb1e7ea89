package io.lakestudio.ducklake.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DataFile;
import io.lakestudio.ducklake.DeleteFile;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.MetadataStore;
import io.lakestudio.ducklake.SchemaEntry;
import io.lakestudio.ducklake.Snapshot;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.ducklake.TableStats;
import io.lakestudio.ducklake.ViewEntry;

/**
 * A DuckLake catalog in a SQL database file, laid out as the extension lays it out: in SQLite (through DuckDB's
 * sqlite scanner: the spec's tables with DuckDB's type names declared, timestamps as text with a UTC offset, UUIDs
 * as text, booleans as 0/1) or in a DuckDB file (the same tables, typed natively, on a DuckDB connection of its
 * own). One connection; a commit is one transaction ({@code BEGIN IMMEDIATE} on SQLite, so two processes on one
 * file take turns and the second sees the first's snapshot, and conflicts with it or not by
 * {@link io.lakestudio.ducklake.Conflicts}).
 */
public final class SqlStore implements MetadataStore {

	private final String file;
	private final Connection db;
	private final boolean readOnly;
	private final boolean sqlite;

	SqlStore(String file, Connection db, boolean readOnly, boolean sqlite) {
		this.file = file;
		this.db = db;
		this.readOnly = readOnly;
		this.sqlite = sqlite;
	}

	/** Opens the SQLite database at {@code file} (no checks: see {@link SqlCatalogs}). */
	static Connection connect(String file, boolean readOnly) throws SQLException {
		org.sqlite.SQLiteConfig c = new org.sqlite.SQLiteConfig();
		c.setReadOnly(readOnly);
		c.setBusyTimeout(10_000);
		return new org.sqlite.JDBC().connect("jdbc:sqlite:" + file, c.toProperties());
	}

	/** Writes the tables and first rows of a new catalog (snapshot 0: schema main) in one transaction. */
	static void initialize(Connection db, String dataPath, String createdBy, boolean sqlite) throws SQLException {
		Sqlite.transaction(db, () -> {
			try (Statement s = db.createStatement()) {
				for (String c : SpecTables.createStatements()) {
					s.execute(c);
				}
				s.execute("INSERT INTO ducklake_snapshot VALUES (0, " + Sqlite.text(Times.format(Instant.now()))
						+ ", 0, 1, 0)");
				s.execute("INSERT INTO ducklake_snapshot_changes VALUES (0, 'created_schema:\"main\"', NULL, NULL,"
						+ " NULL)");
				s.execute("INSERT INTO ducklake_metadata (key, value) VALUES ('version', '" + SpecTables.VERSION
						+ "'), ('created_by', " + Sqlite.text(createdBy) + "), ('data_path', " + Sqlite.text(dataPath)
						+ "), ('encrypted', 'false')");
				s.execute("INSERT INTO ducklake_schema VALUES (0, " + Sqlite.text(UUID.randomUUID().toString())
						+ ", 0, NULL, 'main', 'main/', " + (sqlite ? "1" : "true") + ")");
			}
		});
	}

	@Override
	public String location() {
		return file;
	}

	@Override
	public boolean readOnly() {
		return readOnly;
	}

	@Override
	public synchronized Map<String, String> metadata() throws DuckLakeException {
		Map<String, String> out = new LinkedHashMap<>();
		try (Statement s = db.createStatement();
				ResultSet r = s.executeQuery("SELECT key, value FROM ducklake_metadata WHERE scope IS NULL")) {
			while (r.next()) {
				out.put(r.getString(1), r.getString(2));
			}
		} catch (SQLException e) {
			throw failed("read ducklake_metadata", e);
		}
		return out;
	}

	private static final String SNAPSHOTS = "SELECT s.snapshot_id, s.snapshot_time, s.schema_version, s.next_catalog_id,"
			+ " s.next_file_id, c.changes_made, c.author, c.commit_message FROM ducklake_snapshot s"
			+ " LEFT JOIN ducklake_snapshot_changes c USING (snapshot_id)";

	@Override
	public synchronized Snapshot latest() throws DuckLakeException {
		List<Snapshot> s = snapshots(" WHERE s.snapshot_id = (SELECT max(snapshot_id) FROM ducklake_snapshot)");
		if (s.isEmpty()) {
			throw new DuckLakeException(file + ": damaged DuckLake catalog: no snapshot");
		}
		return s.get(0);
	}

	@Override
	public synchronized long latestId() throws DuckLakeException {
		try (Statement s = db.createStatement();
				ResultSet r = s.executeQuery("SELECT max(snapshot_id) FROM ducklake_snapshot")) {
			long id = r.next() ? r.getLong(1) : -1;
			if (r.wasNull() || id < 0) {
				throw new DuckLakeException(file + ": damaged DuckLake catalog: no snapshot");
			}
			return id;
		} catch (SQLException e) {
			throw failed("read its latest snapshot", e);
		}
	}

	@Override
	public synchronized Optional<Snapshot> snapshot(long id) throws DuckLakeException {
		return snapshots(" WHERE s.snapshot_id = " + id).stream().findFirst();
	}

	@Override
	public synchronized List<Snapshot> snapshots() throws DuckLakeException {
		return snapshots(" ORDER BY s.snapshot_id");
	}

	private List<Snapshot> snapshots(String where) throws DuckLakeException {
		List<Snapshot> out = new ArrayList<>();
		try (Statement s = db.createStatement(); ResultSet r = s.executeQuery(SNAPSHOTS + where)) {
			while (r.next()) {
				out.add(new Snapshot(r.getLong(1), Times.parse(r.getString(2)), r.getLong(3), r.getLong(4),
						r.getLong(5), r.getString(6), r.getString(7), r.getString(8)));
			}
		} catch (SQLException e) {
			throw failed("read its snapshots", e);
		}
		return out;
	}

	private static String visible(long s) {
		return " begin_snapshot <= " + s + " AND (end_snapshot IS NULL OR end_snapshot > " + s + ")";
	}

	@Override
	public synchronized CatalogAt at(Snapshot snapshot) throws DuckLakeException {
		long s = snapshot.id();
		List<SchemaEntry> schemas = new ArrayList<>();
		List<TableEntry> tables = new ArrayList<>();
		Map<Long, List<ColumnEntry>> columns = new LinkedHashMap<>();
		List<ViewEntry> views = new ArrayList<>();
		try (Statement st = db.createStatement()) {
			try (ResultSet r = st.executeQuery("SELECT view_id, view_uuid, begin_snapshot, schema_id, view_name,"
					+ " dialect, sql, column_aliases FROM ducklake_view WHERE" + visible(s) + " ORDER BY view_id")) {
				while (r.next()) {
					views.add(new ViewEntry(r.getLong(1), r.getString(2), r.getLong(3), r.getLong(4), r.getString(5),
							r.getString(6), r.getString(7), r.getString(8)));
				}
			}
			try (ResultSet r = st.executeQuery("SELECT schema_id, schema_uuid, begin_snapshot, schema_name, path"
					+ " FROM ducklake_schema WHERE" + visible(s) + " ORDER BY schema_id")) {
				while (r.next()) {
					schemas.add(new SchemaEntry(r.getLong(1), r.getString(2), r.getLong(3), r.getString(4),
							r.getString(5)));
				}
			}
			try (ResultSet r = st.executeQuery("SELECT table_id, table_uuid, begin_snapshot, schema_id, table_name,"
					+ " path FROM ducklake_table WHERE" + visible(s) + " ORDER BY table_id")) {
				while (r.next()) {
					tables.add(new TableEntry(r.getLong(1), r.getString(2), r.getLong(3), r.getLong(4), r.getString(5),
							r.getString(6)));
				}
			}
			List<ColumnRows.Row> rows = new ArrayList<>();
			try (ResultSet r = st.executeQuery("SELECT column_id, begin_snapshot, table_id, column_order, column_name,"
					+ " column_type, initial_default, default_value, nulls_allowed, parent_column FROM ducklake_column"
					+ " WHERE" + visible(s) + " ORDER BY table_id, column_order, column_id")) {
				while (r.next()) {
					ColumnEntry c = new ColumnEntry(r.getLong(1), r.getLong(2), r.getLong(3), r.getLong(4),
							r.getString(5), r.getString(6), r.getString(7), r.getString(8), r.getObject(9) == null
									|| r.getBoolean(9));
					long parent = r.getLong(10);
					rows.add(new ColumnRows.Row(c, r.wasNull() ? null : parent));
				}
			}
			columns.putAll(ColumnRows.tree(rows));
		} catch (SQLException e) {
			throw failed("read the catalog at snapshot " + s, e);
		}
		return new CatalogAt(snapshot, List.copyOf(schemas), List.copyOf(tables), columns, List.copyOf(views));
	}

	@Override
	public boolean keepsMacros() {
		return true;
	}

	@Override
	public synchronized List<io.lakestudio.ducklake.MacroEntry> macros(Snapshot snapshot) throws DuckLakeException {
		try {
			return MacroRows.read(db, snapshot.id());
		} catch (SQLException e) {
			throw failed("read the macros at snapshot " + snapshot.id(), e);
		}
	}

	@Override
	public synchronized List<DataFile> dataFiles(long tableId, long snapshot) throws DuckLakeException {
		List<DataFile> out = new ArrayList<>();
		try (Statement st = db.createStatement(); ResultSet r = st.executeQuery("SELECT data_file_id, table_id,"
				+ " begin_snapshot, path, path_is_relative, record_count, file_size_bytes, footer_size, row_id_start"
				+ " FROM ducklake_data_file WHERE table_id = " + tableId + " AND" + visible(snapshot)
				+ " ORDER BY file_order, data_file_id")) {
			while (r.next()) {
				out.add(new DataFile(r.getLong(1), r.getLong(2), r.getLong(3), r.getString(4), r.getBoolean(5),
						r.getLong(6), r.getLong(7), r.getLong(8), r.getLong(9), List.of()));
			}
		} catch (SQLException e) {
			throw failed("read the data files of table " + tableId, e);
		}
		return out;
	}

	@Override
	public synchronized List<DeleteFile> deleteFiles(long tableId, long snapshot) throws DuckLakeException {
		List<DeleteFile> out = new ArrayList<>();
		try (Statement st = db.createStatement(); ResultSet r = st.executeQuery("SELECT delete_file_id, table_id,"
				+ " begin_snapshot, data_file_id, path, path_is_relative, delete_count, file_size_bytes, footer_size,"
				+ " partial_max FROM ducklake_delete_file WHERE table_id = " + tableId + " AND" + visible(snapshot))) {
			while (r.next()) {
				long max = r.getLong(10);
				Long partialMax = r.wasNull() ? null : max;
				out.add(new DeleteFile(r.getLong(1), r.getLong(2), r.getLong(3), r.getLong(4), r.getString(5),
						r.getBoolean(6), r.getLong(7), r.getLong(8), r.getLong(9), partialMax));
			}
		} catch (SQLException e) {
			throw failed("read the delete files of table " + tableId, e);
		}
		return out;
	}

	@Override
	public synchronized Optional<TableStats> tableStats(long tableId) throws DuckLakeException {
		try (Statement st = db.createStatement(); ResultSet r = st.executeQuery("SELECT record_count, next_row_id,"
				+ " file_size_bytes FROM ducklake_table_stats WHERE table_id = " + tableId)) {
			return r.next() ? Optional.of(new TableStats(tableId, r.getLong(1), r.getLong(2), r.getLong(3)))
					: Optional.empty();
		} catch (SQLException e) {
			throw failed("read the stats of table " + tableId, e);
		}
	}

	@Override
	public synchronized List<io.lakestudio.ducklake.InlinedRow> inlinedRows(long tableId, long snapshot)
			throws DuckLakeException {
		try {
			return InlinedData.read(db, tableId, snapshot);
		} catch (SQLException e) {
			throw failed("read the inlined rows of table " + tableId, e);
		}
	}

	@Override
	public synchronized Optional<io.lakestudio.ducklake.InlinedTable> inlinedTable(String name)
			throws DuckLakeException {
		try {
			return name.startsWith("ducklake_inlined_delete_") ? InlinedDeletes.table(db, sqlite, name)
					: InlinedData.table(db, name);
		} catch (SQLException e) {
			throw failed("read the inlined-data table " + name, e);
		}
	}

	@Override
	public synchronized Map<Long, Map<Long, Long>> inlinedFileDeletes(long tableId, long snapshot)
			throws DuckLakeException {
		try {
			return InlinedDeletes.read(db, sqlite, tableId, snapshot);
		} catch (SQLException e) {
			throw failed("read the inlined deletes of table " + tableId, e);
		}
	}

	@Override
	public boolean keepsDeleteSnapshots() {
		return true;
	}

	@Override
	public boolean keepsInlinedData() {
		return !readOnly;
	}

	@Override
	public synchronized void setOption(String key, String value) throws DuckLakeException {
		if (readOnly) {
			throw new DuckLakeException(file + ": the catalog is attached read-only");
		}
		try {
			db.setAutoCommit(false);
			try (PreparedStatement del = db.prepareStatement(
					"DELETE FROM ducklake_metadata WHERE key = ? AND scope IS NULL");
					PreparedStatement ins = db.prepareStatement("INSERT INTO ducklake_metadata (key, value) VALUES (?, ?)")) {
				del.setString(1, key);
				del.executeUpdate();
				ins.setString(1, key);
				ins.setString(2, value);
				ins.executeUpdate();
			}
			db.commit();
		} catch (SQLException e) {
			rollback();
			throw failed("set the option " + key, e);
		} finally {
			try {
				db.setAutoCommit(true);
			} catch (SQLException e) {
				// the next call says so
			}
		}
	}

	@Override
	public synchronized List<List<String>> rows(String specTable) throws DuckLakeException {
		Map<String, String> columns = SpecTables.tables().get(specTable);
		if (columns == null) {
			throw new DuckLakeException(file + ": no DuckLake table " + specTable);
		}
		List<List<String>> out = new ArrayList<>();
		try (Statement st = db.createStatement();
				ResultSet r = st.executeQuery("SELECT " + String.join(", ", columns.keySet()) + " FROM " + specTable)) {
			int n = columns.size();
			while (r.next()) {
				List<String> row = new ArrayList<>(n);
				for (int i = 1; i <= n; i++) {
					row.add(r.getString(i));
				}
				out.add(row);
			}
		} catch (SQLException e) {
			throw failed("read " + specTable, e);
		}
		return out;
	}

	/** Reads partitionings, sort orders, partition values, tags and table options ({@link LayoutRows}). */
	private <T> T layout(String what, LayoutRows.Read<T> read) throws DuckLakeException {
		try {
			return read.from(new LayoutRows(db));
		} catch (SQLException e) {
			throw failed("read " + what, e);
		}
	}

	@Override
	public synchronized Map<String, String> tableOptions(long tableId) throws DuckLakeException {
		return layout("the options of table " + tableId, r -> r.options("table", tableId));
	}

	@Override
	public synchronized void setTableOption(long tableId, String key, String value) throws DuckLakeException {
		setScoped("table", tableId, key, value);
	}

	@Override
	public synchronized Map<String, String> schemaOptions(long schemaId) throws DuckLakeException {
		return layout("the options of schema " + schemaId, r -> r.options("schema", schemaId));
	}

	@Override
	public synchronized void setSchemaOption(long schemaId, String key, String value) throws DuckLakeException {
		setScoped("schema", schemaId, key, value);
	}

	private void setScoped(String scope, long id, String key, String value) throws DuckLakeException {
		if (readOnly) {
			throw new DuckLakeException(file + ": the catalog is attached read-only");
		}
		try {
			new LayoutRows(db).setOption(scope, id, key, value);
		} catch (SQLException e) {
			throw failed("set the option " + key + " of " + scope + " " + id, e);
		}
	}

	@Override
	public synchronized Optional<io.lakestudio.ducklake.PartitionSpec> partitioning(long tableId, long snapshot)
			throws DuckLakeException {
		return layout("the partitioning of table " + tableId, r -> r.partitioning(tableId, snapshot));
	}

	@Override
	public synchronized Map<Long, io.lakestudio.ducklake.PartitionSpec> partitionings(long tableId)
			throws DuckLakeException {
		return layout("the partitionings of table " + tableId, r -> r.partitionings(tableId));
	}

	@Override
	public synchronized Map<Long, io.lakestudio.ducklake.FilePartition> filePartitions(long tableId)
			throws DuckLakeException {
		return layout("the partition values of table " + tableId, r -> r.filePartitions(tableId));
	}

	@Override
	public synchronized Optional<io.lakestudio.ducklake.SortSpec> sorting(long tableId, long snapshot)
			throws DuckLakeException {
		return layout("the sort order of table " + tableId, r -> r.sorting(tableId, snapshot));
	}

	@Override
	public synchronized Map<String, String> tags(long objectId, long snapshot) throws DuckLakeException {
		return layout("the tags of " + objectId, r -> r.tags(objectId, snapshot));
	}

	@Override
	public synchronized Map<Long, Map<String, String>> columnTags(long tableId, long snapshot)
			throws DuckLakeException {
		return layout("the column tags of " + tableId, r -> r.columnTags(tableId, snapshot));
	}

	@Override
	public synchronized Snapshot commit(Commit c) throws DuckLakeException {
		if (readOnly) {
			throw new DuckLakeException(file + ": the catalog is attached read-only");
		}
		// the sessions of one process commit to one file in turn: on a DuckDB file their optimistic transactions
		// would otherwise both build on one snapshot, and with many of them the retries could run out
		synchronized (WRITERS.computeIfAbsent(java.nio.file.Path.of(file).toAbsolutePath().normalize().toString(),
				k -> new Object())) {
			return commitRetried(c);
		}
	}

	/** One lock per catalog file of this process. */
	private static final Map<String, Object> WRITERS = new java.util.concurrent.ConcurrentHashMap<>();

	/** Commits, trying again after a race lost to another process, as the commit's retry settings say. */
	private Snapshot commitRetried(Commit c) throws DuckLakeException {
		for (int retry = 1;; retry++) {
			try {
				return commitOnce(c);
			} catch (SQLException e) {
				if (!lostRace(e) || retry > c.retries().max()) {
					throw failed("commit", e, retry - 1);
				}
				try {
					Thread.sleep(c.retries().waitBefore(retry));
				} catch (InterruptedException i) {
					Thread.currentThread().interrupt();
					throw failed("commit", e, retry - 1);
				}
			}
		}
	}

	/**
	 * One try: the latest snapshot read inside the write transaction, the conflict check against it, the rows. A
	 * DuckDB file's transactions are optimistic, so two sessions of one process can both read the same latest and
	 * the second's commit then fails on the snapshot's key; SQLite's lock can time out. Either is a lost race.
	 */
	private Snapshot commitOnce(Commit c) throws DuckLakeException, SQLException {
		try {
			beginCommit();
			Snapshot latest = latest();
			long fileShift = io.lakestudio.ducklake.Conflicts.rebase(this, c, latest);
			Snapshot made = new CommitWriter(db, c, latest, fileShift, sqlite).write();
			end();
			return made;
		} catch (DuckLakeException | SQLException e) {
			abort();
			throw e;
		} finally {
			if (sqlite) {
				autoCommit();
			}
		}
	}

	/**
	 * SQLite: the write lock taken at once. DuckDB: the transaction begun and ended in SQL, not by the driver's
	 * auto-commit switch, whose idea of an open transaction goes wrong after DuckDB aborted a failed COMMIT.
	 */
	private void beginCommit() throws SQLException {
		if (!sqlite) {
			try (Statement s = db.createStatement()) {
				s.execute("BEGIN TRANSACTION");
			}
			return;
		}
		db.setAutoCommit(false);
		try (Statement s = db.createStatement()) {
			s.execute("BEGIN IMMEDIATE"); // the write lock now: the latest snapshot can't move under us
		} catch (SQLException e) {
			// sqlite-jdbc began a deferred transaction already; take the lock with a write
			try (Statement s = db.createStatement()) {
				s.execute("UPDATE ducklake_snapshot SET snapshot_id = snapshot_id WHERE false");
			}
		}
	}

	private void end() throws SQLException {
		if (sqlite) {
			db.commit();
		} else {
			try (Statement s = db.createStatement()) {
				s.execute("COMMIT");
			}
		}
	}

	private void abort() {
		if (sqlite) {
			rollback();
			return;
		}
		try (Statement s = db.createStatement()) {
			s.execute("ROLLBACK");
		} catch (SQLException e) {
			// DuckDB ended the transaction itself when its COMMIT failed
		}
	}

	/** Another writer took the snapshot first (DuckDB's key or write-write conflict), or SQLite stayed busy. */
	private static boolean lostRace(SQLException e) {
		String m = String.valueOf(e.getMessage());
		return m.toLowerCase(java.util.Locale.ROOT).contains("duplicate key") || m.contains("write-write conflict") || m.contains("Conflict on")
				|| m.contains("SQLITE_BUSY") || m.contains("database is locked");
	}

	private DuckLakeException failed(String what, SQLException e, int retries) {
		return new DuckLakeException(file + ": cannot " + what + (retries > 0 ? " (after " + retries + " retries)" : "")
				+ ": " + e.getMessage(), e);
	}

	@Override
	public synchronized Map<Long, Map<Long, String>> nameMappings(long tableId) throws DuckLakeException {
		try {
			return new SqlMaintenance(db).nameMappings(tableId);
		} catch (SQLException e) {
			throw failed("read the name mappings of table " + tableId, e);
		}
	}

	@Override
	public synchronized List<io.lakestudio.ducklake.FileLineage> lineage(long tableId) throws DuckLakeException {
		try {
			return new SqlMaintenance(db).lineage(tableId);
		} catch (SQLException e) {
			throw failed("read the lineage of table " + tableId, e);
		}
	}

	@Override
	public synchronized List<Snapshot> expireSnapshots(java.util.Collection<Long> ids, boolean dryRun)
			throws DuckLakeException {
		if (readOnly && !dryRun) {
			throw new DuckLakeException(file + ": the catalog is attached read-only");
		}
		try {
			db.setAutoCommit(false);
			begin();
			long latest = latest().id();
			List<Snapshot> out = new ArrayList<>();
			for (Snapshot s : snapshots()) {
				if (s.id() != latest && ids.contains(s.id())) {
					out.add(s);
				}
			}
			if (!dryRun && !out.isEmpty()) {
				new SqlMaintenance(db).expire(out.stream().map(Snapshot::id).toList(), Instant.now());
			}
			db.commit();
			return out;
		} catch (SQLException e) {
			rollback();
			throw failed("expire snapshots", e);
		} finally {
			autoCommit();
		}
	}

	@Override
	public synchronized List<io.lakestudio.ducklake.ScheduledFile> scheduledFiles() throws DuckLakeException {
		try {
			return new SqlMaintenance(db).scheduled();
		} catch (SQLException e) {
			throw failed("read the files scheduled for deletion", e);
		}
	}

	@Override
	public synchronized void forgetScheduled(java.util.Collection<Long> dataFileIds) throws DuckLakeException {
		if (readOnly) {
			throw new DuckLakeException(file + ": the catalog is attached read-only");
		}
		try {
			new SqlMaintenance(db).forget(dataFileIds);
		} catch (SQLException e) {
			throw failed("forget files scheduled for deletion", e);
		}
	}

	@Override
	public synchronized java.util.Set<String> namedFiles(String dataPath) throws DuckLakeException {
		try {
			return new SqlMaintenance(db).named(dataPath);
		} catch (SQLException e) {
			throw failed("list the files it names", e);
		}
	}

	/** The database file and what its engine keeps beside it under its name (-journal, -wal, .wal...). */
	@Override
	public boolean holds(String absolutePath) {
		java.nio.file.Path mine = java.nio.file.Path.of(file).toAbsolutePath().normalize();
		java.nio.file.Path p = java.nio.file.Path.of(absolutePath).toAbsolutePath().normalize();
		return p.getParent() != null && p.getParent().equals(mine.getParent())
				&& p.getFileName().toString().startsWith(mine.getFileName().toString());
	}

	/** Takes SQLite's write lock at once (the transaction is open): the latest snapshot can't move under us. */
	private void begin() throws SQLException {
		if (sqlite) {
			try (Statement s = db.createStatement()) {
				s.execute("UPDATE ducklake_snapshot SET snapshot_id = snapshot_id WHERE false");
			}
		}
	}

	private void autoCommit() {
		try {
			db.setAutoCommit(true);
		} catch (SQLException e) {
			// the connection is gone; the next call says so
		}
	}

	private void rollback() {
		try {
			db.rollback();
		} catch (SQLException e) {
			// nothing was written, or the connection is gone
		}
	}

	private DuckLakeException failed(String what, SQLException e) {
		return new DuckLakeException(file + ": cannot " + what + ": " + e.getMessage(), e);
	}

	static void setLong(PreparedStatement ps, int i, Long v) throws SQLException {
		if (v == null) {
			ps.setNull(i, Types.BIGINT);
		} else {
			ps.setLong(i, v);
		}
	}

	@Override
	public synchronized void close() {
		try {
			db.close();
		} catch (SQLException e) {
			// closing: nothing to keep
		}
	}
}
