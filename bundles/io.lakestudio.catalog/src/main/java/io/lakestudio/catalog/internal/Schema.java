package io.lakestudio.catalog.internal;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The catalog's tables. Times are epoch milliseconds. {@link #VERSION} goes in {@code user_version}; a file with
 * an older one is set aside rather than migrated, since the worker can always refill it. What was added to
 * version 1 since ({@link #WARM_READ}, {@link #COLUMN_NAMES}) is made where missing instead.
 */
final class Schema {

	static final int VERSION = 1;

	/**
	 * The warm reads of tables in use: added after version 1 without a new version, so it is created if missing
	 * ({@link SqliteCatalog#putWarmState}) and a reader finds no row when it is not there.
	 */
	static final String WARM_READ = "CREATE TABLE IF NOT EXISTS warm_read(table_id TEXT PRIMARY KEY,"
			+ " snapshot INTEGER NOT NULL, columns_done INTEGER NOT NULL, complete INTEGER NOT NULL,"
			+ " over_limit INTEGER NOT NULL, at INTEGER NOT NULL)";

	private static final String[] DDL = {
			"CREATE TABLE account(id TEXT PRIMARY KEY, lake TEXT, created INTEGER NOT NULL)",
			"CREATE TABLE workspace(id TEXT PRIMARY KEY, name TEXT NOT NULL, last_read INTEGER, dropped_at INTEGER)",
			"CREATE TABLE item(id TEXT PRIMARY KEY, workspace_id TEXT NOT NULL, name TEXT NOT NULL, type TEXT NOT NULL,"
					+ " staging INTEGER NOT NULL DEFAULT 0, schema_enabled INTEGER NOT NULL DEFAULT 0,"
					+ " tables_path TEXT, files_path TEXT, last_read INTEGER, dropped_at INTEGER)",
			"CREATE INDEX item_workspace ON item(workspace_id, name)",
			"CREATE TABLE lake_schema(item_id TEXT NOT NULL, name TEXT NOT NULL, last_read INTEGER, dropped_at INTEGER,"
					+ " PRIMARY KEY(item_id, name)) WITHOUT ROWID",
			"CREATE TABLE lake_table(id TEXT PRIMARY KEY, item_id TEXT NOT NULL, schema_name TEXT NOT NULL,"
					+ " name TEXT NOT NULL, format TEXT, location TEXT, snapshot_version INTEGER, size_bytes INTEGER,"
					+ " num_files INTEGER, num_records INTEGER, partition_columns TEXT, last_read INTEGER,"
					+ " metadata_read INTEGER, dropped_at INTEGER)",
			"CREATE INDEX lake_table_item ON lake_table(item_id, schema_name, name)",
			"CREATE TABLE lake_column(table_id TEXT NOT NULL, ordinal INTEGER NOT NULL, name TEXT NOT NULL, type TEXT,"
					+ " nullable INTEGER NOT NULL DEFAULT 1, is_partition INTEGER NOT NULL DEFAULT 0, last_read INTEGER,"
					+ " PRIMARY KEY(table_id, ordinal)) WITHOUT ROWID",
			"CREATE TABLE lake_file(item_id TEXT NOT NULL, dir TEXT NOT NULL, name TEXT NOT NULL,"
					+ " is_dir INTEGER NOT NULL, size INTEGER, last_modified INTEGER, last_read INTEGER,"
					+ " dropped_at INTEGER, PRIMARY KEY(item_id, dir, name)) WITHOUT ROWID",
			"CREATE TABLE semantic_model(id TEXT PRIMARY KEY, workspace_id TEXT NOT NULL, name TEXT NOT NULL,"
					+ " definition_path TEXT, last_read INTEGER, dropped_at INTEGER)",
			"CREATE TABLE sync_state(listing TEXT PRIMARY KEY, last_success INTEGER, last_attempt INTEGER,"
					+ " last_failure INTEGER, failure_message TEXT, complete INTEGER NOT NULL DEFAULT 0,"
					+ " change_seq INTEGER NOT NULL DEFAULT 0)",
			"CREATE TABLE lease(name TEXT PRIMARY KEY, holder TEXT NOT NULL, acquired INTEGER NOT NULL,"
					+ " heartbeat INTEGER NOT NULL)",
			"CREATE TABLE table_use(table_id TEXT NOT NULL, used_at INTEGER NOT NULL, source TEXT NOT NULL)",
			"CREATE INDEX table_use_table ON table_use(table_id, used_at)", WARM_READ };

	/**
	 * The distinct column names (ignoring case, as {@code find} matches them) and how many column rows carry each,
	 * with an index from a name to its columns: {@code find} matches its text against the names, not against
	 * every column of the tenant (a million rows at 50,000 tables), then reads the columns of the names it keeps.
	 * Triggers keep it, so every writer does, an older build's too. Added after version 1 without a new version
	 * (an older build reads and writes such a file as before); {@link #addColumnNames} puts it in a file without.
	 */
	private static final String[] COLUMN_NAMES = {
			"CREATE TABLE column_name(name TEXT PRIMARY KEY COLLATE NOCASE, columns INTEGER NOT NULL) WITHOUT ROWID",
			"CREATE INDEX lake_column_name ON lake_column(name COLLATE NOCASE)",
			"CREATE TRIGGER column_name_insert AFTER INSERT ON lake_column BEGIN"
					+ " INSERT INTO column_name(name, columns) VALUES (new.name, 1)"
					+ " ON CONFLICT(name) DO UPDATE SET columns = columns + 1; END",
			"CREATE TRIGGER column_name_delete AFTER DELETE ON lake_column BEGIN"
					+ " UPDATE column_name SET columns = columns - 1 WHERE name = old.name;"
					+ " DELETE FROM column_name WHERE name = old.name AND columns <= 0; END",
			"CREATE TRIGGER column_name_update AFTER UPDATE OF name ON lake_column BEGIN"
					+ " UPDATE column_name SET columns = columns - 1 WHERE name = old.name;"
					+ " DELETE FROM column_name WHERE name = old.name AND columns <= 0;"
					+ " INSERT INTO column_name(name, columns) VALUES (new.name, 1)"
					+ " ON CONFLICT(name) DO UPDATE SET columns = columns + 1; END" };

	private Schema() {
	}

	static void create(Connection c, String account) throws SQLException {
		c.setAutoCommit(false);
		try (Statement s = c.createStatement()) {
			for (String ddl : DDL) {
				s.execute(ddl);
			}
			for (String ddl : COLUMN_NAMES) {
				s.execute(ddl);
			}
			s.execute("INSERT INTO account(id, created) VALUES ('" + account.replace("'", "''") + "', "
					+ System.currentTimeMillis() + ")");
			s.execute("PRAGMA user_version = " + VERSION);
			c.commit();
		} catch (SQLException e) {
			c.rollback();
			throw e;
		} finally {
			c.setAutoCommit(true);
		}
	}

	/** Whether the file has {@link #COLUMN_NAMES}: one look in the schema, which opening reads anyway. */
	static boolean hasColumnNames(Connection c) throws SQLException {
		try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
				"SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'column_name'")) {
			return rs.next() && rs.getInt(1) > 0;
		}
	}

	/**
	 * Migrates a version 1 file made before {@link #COLUMN_NAMES} in place: the table, filled from the columns held,
	 * its index and triggers, in one transaction (a few seconds at a million columns, once). Another process may
	 * be doing the same: the look is repeated under the write lock.
	 */
	static void addColumnNames(Connection c) throws SQLException {
		try (Statement s = c.createStatement()) {
			s.execute("BEGIN IMMEDIATE");
			try {
				if (!hasColumnNames(c)) {
					for (String ddl : COLUMN_NAMES) {
						s.execute(ddl);
						if (ddl.startsWith("CREATE TABLE")) {
							s.execute("INSERT INTO column_name(name, columns)"
									+ " SELECT name, count(*) FROM lake_column GROUP BY name COLLATE NOCASE");
						}
					}
				}
				s.execute("COMMIT");
			} catch (SQLException e) {
				s.execute("ROLLBACK");
				throw e;
			}
		}
	}
}
