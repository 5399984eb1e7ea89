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

import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DataFile;
import io.lakestudio.ducklake.DeleteFile;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.MetadataStore;
import io.lakestudio.ducklake.Snapshot;
import io.lakestudio.ducklake.TableStats;

/**
 * A DuckLake catalog in a SQL database file, laid out as the extension lays it out: in SQLite (through DuckDB's
 * sqlite scanner: the spec's tables with DuckDB's type names declared, timestamps as text with a UTC offset, UUIDs
 * as text, booleans as 0/1) or in a DuckDB file (the same tables, typed natively, on a DuckDB connection of its
 * own). One connection; reads by {@link CatalogRows}, commits by {@link SqlCommits} (one transaction each, taking
 * turns with other processes on the file).
 */
public final class SqlStore implements MetadataStore {

	private final String file;
	private final Connection db;
	private final boolean readOnly;
	private final boolean sqlite;
	private final String version;
	private final CatalogRows rows;
	private final SqlCommits commits;

	SqlStore(String file, Connection db, boolean readOnly, boolean sqlite, String version) {
		this.file = file;
		this.db = db;
		this.readOnly = readOnly;
		this.sqlite = sqlite;
		this.version = version;
		this.rows = new CatalogRows(db);
		this.commits = new SqlCommits(this, file, db, sqlite);
	}

	/** Opens the SQLite database at {@code file} (no checks: see {@link SqlCatalogs}). */
	static Connection connect(String file, boolean readOnly) throws SQLException {
		org.sqlite.SQLiteConfig c = new org.sqlite.SQLiteConfig();
		c.setReadOnly(readOnly);
		c.setBusyTimeout(10_000);
		return new org.sqlite.JDBC().connect("jdbc:sqlite:" + file, c.toProperties());
	}

	@Override
	public String location() {
		return file;
	}

	@Override
	public boolean readOnly() {
		return readOnly;
	}

	/** The catalog's DuckLake version, as checked (or migrated to) when it was opened. */
	String version() {
		return version;
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
		try {
			return rows.snapshots(where);
		} catch (SQLException e) {
			throw failed("read its snapshots", e);
		}
	}

	@Override
	public synchronized CatalogAt at(Snapshot snapshot) throws DuckLakeException {
		try {
			return rows.at(snapshot);
		} catch (SQLException e) {
			throw failed("read the catalog at snapshot " + snapshot.id(), e);
		}
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
		try {
			return rows.dataFiles(tableId, snapshot);
		} catch (SQLException e) {
			throw failed("read the data files of table " + tableId, e);
		}
	}

	@Override
	public synchronized List<DeleteFile> deleteFiles(long tableId, long snapshot) throws DuckLakeException {
		try {
			return rows.deleteFiles(tableId, snapshot);
		} catch (SQLException e) {
			throw failed("read the delete files of table " + tableId, e);
		}
	}

	@Override
	public synchronized Map<Long, List<io.lakestudio.ducklake.ColumnStats>> fileColumnStats(long tableId)
			throws DuckLakeException {
		try {
			return rows.fileColumnStats(tableId);
		} catch (SQLException e) {
			throw failed("read the file column stats of table " + tableId, e);
		}
	}

	@Override
	public synchronized Optional<TableStats> tableStats(long tableId) throws DuckLakeException {
		try {
			return rows.tableStats(tableId);
		} catch (SQLException e) {
			throw failed("read the stats of table " + tableId, e);
		}
	}

	@Override
	public synchronized List<io.lakestudio.ducklake.InlinedRow> inlinedRows(long tableId, long snapshot)
			throws DuckLakeException {
		try {
			return InlinedData.read(db, InlinedColumnNames.of(version), tableId, snapshot);
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
	public synchronized void reclaimInlinedTables(long tableId) throws DuckLakeException {
		if (readOnly) {
			return;
		}
		try {
			Sqlite.transaction(db, () -> InlinedReclaim.reclaim(db, InlinedColumnNames.of(version), tableId));
		} catch (SQLException e) {
			throw failed("drop the superseded inlined-data tables of table " + tableId, e);
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
			Sqlite.transaction(db, () -> {
				try (PreparedStatement del = db.prepareStatement(
						"DELETE FROM ducklake_metadata WHERE key = ? AND scope IS NULL");
						PreparedStatement ins = db.prepareStatement(
								"INSERT INTO ducklake_metadata (key, value) VALUES (?, ?)")) {
					del.setString(1, key);
					del.executeUpdate();
					ins.setString(1, key);
					ins.setString(2, value);
					ins.executeUpdate();
				}
			});
		} catch (SQLException e) {
			throw failed("set the option " + key, e);
		}
	}

	@Override
	public synchronized List<List<String>> rows(String specTable) throws DuckLakeException {
		Map<String, String> columns = SpecTables.tables(version).get(specTable);
		if (columns == null) {
			throw new DuckLakeException(file + ": no DuckLake table " + specTable);
		}
		try {
			return rows.rows(specTable, columns.keySet());
		} catch (SQLException e) {
			throw failed("read " + specTable, e);
		}
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
	public synchronized Map<String, Map<String, String>> viewColumnTags(long viewId, long snapshot)
			throws DuckLakeException {
		if (!SpecTables.tables(version).containsKey("ducklake_view_column_tag")) {
			return Map.of(); // a 1.0 catalog keeps none
		}
		return layout("the column tags of view " + viewId, r -> r.viewColumnTags(viewId, snapshot));
	}

	@Override
	public synchronized Snapshot commit(Commit c) throws DuckLakeException {
		if (readOnly) {
			throw new DuckLakeException(file + ": the catalog is attached read-only");
		}
		return commits.commit(c);
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
	public synchronized Map<Long, java.util.Set<Long>> hivePartitionColumns(long tableId) throws DuckLakeException {
		try {
			return new SqlMaintenance(db).hivePartitionColumns(tableId);
		} catch (SQLException e) {
			throw failed("read the hive partition columns of table " + tableId, e);
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
		List<Snapshot> out = new ArrayList<>();
		try {
			Sqlite.transaction(db, () -> {
				SqlCommits.lock(db, sqlite);
				List<Snapshot> all = rows.snapshots(" ORDER BY s.snapshot_id");
				long latest = all.isEmpty() ? -1 : all.get(all.size() - 1).id();
				for (Snapshot s : all) {
					if (s.id() != latest && ids.contains(s.id())) {
						out.add(s);
					}
				}
				if (!dryRun && !out.isEmpty()) {
					new SqlMaintenance(db).expire(out.stream().map(Snapshot::id).toList(), Instant.now());
				}
			});
			return out;
		} catch (SQLException e) {
			throw failed("expire snapshots", e);
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
