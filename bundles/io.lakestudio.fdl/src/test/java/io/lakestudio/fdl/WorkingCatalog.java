package io.lakestudio.fdl;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;

import io.lakestudio.fdl.internal.Sqlite;

/**
 * A DuckLake 0.3 working catalog in SQLite, written here with the specification's own tables (the subset FDL
 * reads, with the extension's columns), so FDL's tests need no DuckLake implementation. Data files are written
 * under {@code files/<schema>/<table>/} as the extension lays them out; their bytes are opaque to FDL.
 */
final class WorkingCatalog implements AutoCloseable {

	final Path catalog;
	final Path data;
	private final Connection c;
	private long snapshot;
	private long nextId = 1;

	WorkingCatalog(Path dir) throws Exception {
		catalog = dir.resolve("lake.sqlite");
		data = dir.resolve("files");
		Files.createDirectories(data);
		c = Sqlite.open(catalog, false);
		try (Statement s = c.createStatement()) {
			s.execute("CREATE TABLE ducklake_metadata(key VARCHAR NOT NULL, value VARCHAR NOT NULL, scope VARCHAR, scope_id BIGINT)");
			s.execute("CREATE TABLE ducklake_snapshot(snapshot_id BIGINT PRIMARY KEY, snapshot_time TIMESTAMPTZ, schema_version BIGINT, next_catalog_id BIGINT, next_file_id BIGINT)");
			s.execute("CREATE TABLE ducklake_snapshot_changes(snapshot_id BIGINT PRIMARY KEY, changes_made VARCHAR, author VARCHAR, commit_message VARCHAR, commit_extra_info VARCHAR)");
			s.execute("CREATE TABLE ducklake_schema(schema_id BIGINT PRIMARY KEY, schema_uuid UUID, begin_snapshot BIGINT, end_snapshot BIGINT, schema_name VARCHAR, path VARCHAR, path_is_relative BOOLEAN)");
			s.execute("CREATE TABLE ducklake_table(table_id BIGINT, table_uuid UUID, begin_snapshot BIGINT, end_snapshot BIGINT, schema_id BIGINT, table_name VARCHAR, path VARCHAR, path_is_relative BOOLEAN)");
			s.execute("CREATE TABLE ducklake_data_file(data_file_id BIGINT PRIMARY KEY, table_id BIGINT, begin_snapshot BIGINT, end_snapshot BIGINT, file_order BIGINT, path VARCHAR, path_is_relative BOOLEAN, file_format VARCHAR, record_count BIGINT, file_size_bytes BIGINT, footer_size BIGINT, row_id_start BIGINT, partition_id BIGINT, encryption_key VARCHAR, partial_file_info VARCHAR, mapping_id BIGINT)");
			s.execute("CREATE TABLE ducklake_delete_file(delete_file_id BIGINT PRIMARY KEY, table_id BIGINT, begin_snapshot BIGINT, end_snapshot BIGINT, data_file_id BIGINT, path VARCHAR, path_is_relative BOOLEAN, format VARCHAR, delete_count BIGINT, file_size_bytes BIGINT, footer_size BIGINT, encryption_key VARCHAR)");
			s.execute("INSERT INTO ducklake_metadata(key, value) VALUES ('version', '0.3'), ('created_by', 'DuckDB v1.4.0'), ('data_path', '" + data.toAbsolutePath() + "/'), ('encrypted', 'false')");
			s.execute("INSERT INTO ducklake_schema VALUES (0, '" + UUID.randomUUID() + "', 0, NULL, 'main', 'main/', 1)");
		}
		snapshot("created schema main");
	}

	/** A table in schema main at {@code main/<name>/}. */
	long table(String name) throws SQLException {
		long id = nextId++;
		try (PreparedStatement p = c.prepareStatement("INSERT INTO ducklake_table VALUES (?, ?, ?, NULL, 0, ?, ?, 1)")) {
			p.setLong(1, id);
			p.setString(2, UUID.randomUUID().toString());
			p.setLong(3, snapshot + 1);
			p.setString(4, name);
			p.setString(5, name + "/");
			p.executeUpdate();
		}
		snapshot("created table " + name);
		return id;
	}

	/** Writes a data file of {@code size} bytes for {@code table} in a new snapshot; returns its path under data/. */
	String insert(long table, String tableName, int size) throws Exception {
		String name = "ducklake-" + UUID.randomUUID() + ".parquet";
		byte[] bytes = new byte[size];
		new java.util.Random(size * 31L + nextId).nextBytes(bytes);
		Path file = data.resolve("main").resolve(tableName).resolve(name);
		Files.createDirectories(file.getParent());
		Files.write(file, bytes);
		addFileRow(table, name, true, size);
		return "main/" + tableName + "/" + name;
	}

	/** A file row with an absolute path (as DuckLake writes for files added from elsewhere). */
	void addAbsolute(long table, Path file) throws Exception {
		addFileRow(table, file.toAbsolutePath().toString(), false, Files.size(file));
	}

	private void addFileRow(long table, String path, boolean relative, long size) throws SQLException {
		try (PreparedStatement p = c.prepareStatement("INSERT INTO ducklake_data_file(data_file_id, table_id, begin_snapshot, "
				+ "file_order, path, path_is_relative, file_format, record_count, file_size_bytes, footer_size, row_id_start) "
				+ "VALUES (?, ?, ?, NULL, ?, ?, 'parquet', 10, ?, 100, 0)")) {
			p.setLong(1, nextId++);
			p.setLong(2, table);
			p.setLong(3, snapshot + 1);
			p.setString(4, path);
			p.setBoolean(5, relative);
			p.setLong(6, size);
			p.executeUpdate();
		}
		snapshot("inserted into " + table);
	}

	/** Ends every data file of {@code table} (as a DELETE FROM t with no WHERE does). */
	void truncate(long table) throws SQLException {
		try (PreparedStatement p = c.prepareStatement(
				"UPDATE ducklake_data_file SET end_snapshot = ? WHERE table_id = ? AND end_snapshot IS NULL")) {
			p.setLong(1, snapshot + 1);
			p.setLong(2, table);
			p.executeUpdate();
		}
		snapshot("deleted from " + table);
	}

	/** Drops the rows of files DuckLake's cleanup removed (after ducklake_cleanup_old_files). */
	void forgetEnded() throws SQLException {
		try (Statement s = c.createStatement()) {
			s.execute("DELETE FROM ducklake_data_file WHERE end_snapshot IS NOT NULL");
		}
	}

	long snapshot() {
		return snapshot;
	}

	private void snapshot(String change) throws SQLException {
		snapshot = snapshot == 0 && !hasSnapshot() ? 0 : snapshot + 1;
		try (PreparedStatement p = c.prepareStatement("INSERT INTO ducklake_snapshot VALUES (?, datetime('now'), 0, ?, ?)")) {
			p.setLong(1, snapshot);
			p.setLong(2, nextId);
			p.setLong(3, nextId);
			p.executeUpdate();
		}
		try (PreparedStatement p = c.prepareStatement("INSERT INTO ducklake_snapshot_changes VALUES (?, ?, NULL, NULL, NULL)")) {
			p.setLong(1, snapshot);
			p.setString(2, change);
			p.executeUpdate();
		}
	}

	private boolean hasSnapshot() throws SQLException {
		try (Statement s = c.createStatement(); var r = s.executeQuery("SELECT count(*) FROM ducklake_snapshot")) {
			return r.next() && r.getLong(1) > 0;
		}
	}

	@Override
	public void close() throws SQLException {
		c.close();
	}
}
