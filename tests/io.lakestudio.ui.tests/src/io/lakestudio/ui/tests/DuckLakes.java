package io.lakestudio.ui.tests;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.lakestudio.catalog.Settings;
import io.lakestudio.engine.DuckLakeAttachments;
import io.lakestudio.engine.EngineSession;
import io.lakestudio.engine.Result;
import io.lakestudio.ui.lake.Engines;

/**
 * Real DuckLake catalogs for the UI tests, written through the workbench's engine with the SQL a user types
 * (ATTACH, CREATE, INSERT, set_commit_message), then kept in settings.json as {@code lakestudio ducklake attach}
 * keeps them. DuckDB loads here: callers pass {@link DuckDbGate} first.
 */
final class DuckLakes {

	private DuckLakes() {
	}

	/** Runs statements in one session and returns the first column of each row of the last one. */
	static List<String> run(String... sql) throws Exception {
		List<String> out = new ArrayList<>();
		try (EngineSession s = Engines.get().openSession("ui-test")) {
			for (int i = 0; i < sql.length; i++) {
				try (Result r = s.execute(sql[i])) {
					if (i == sql.length - 1) {
						while (r.next()) {
							out.add(r.text(0));
						}
					}
				}
			}
		}
		return out;
	}

	/**
	 * A SQLite catalog {@code lake} in {@code dir}: schema main with orders (3 rows, then 1 more in a commit
	 * with an author and message) and a view, schema sales with customers; kept in the settings.
	 */
	static String sqlite(Path home, Path dir) throws Exception {
		String url = "ducklake:sqlite:" + dir.resolve("lake.sqlite");
		String data = dir.resolve("lake-data").toString() + "/";
		run("ATTACH '" + url + "' AS lake (DATA_PATH '" + data + "')",
				"CREATE TABLE lake.orders (order_id INTEGER NOT NULL, region VARCHAR, amount DECIMAL(18,2))",
				"INSERT INTO lake.orders VALUES (1, 'north', 10.50), (2, 'south', 20.00), (3, 'north', 7.25)",
				"CREATE SCHEMA lake.sales",
				"CREATE TABLE lake.sales.customers (id BIGINT, name VARCHAR)",
				"INSERT INTO lake.sales.customers VALUES (1, 'Ada'), (2, 'Grace')",
				"CREATE VIEW lake.big_orders AS SELECT * FROM lake.orders WHERE amount > 10",
				"BEGIN",
				"INSERT INTO lake.orders VALUES (4, 'east', 99.99)",
				"CALL lake.set_commit_message('ada', 'one more order')",
				"COMMIT",
				"SELECT 1");
		keep(home, new DuckLakeAttachments.Attachment("lake", url, data, false));
		return url;
	}

	/** A moraine store {@code m} in {@code dir} with one table and one checkpoint; kept. Returns the checkpoint. */
	static String moraine(Path home, Path dir) throws Exception {
		String url = "ducklake:moraine:" + dir.resolve("store");
		String data = dir.resolve("store-data").toString() + "/";
		List<String> id = run("ATTACH '" + url + "' AS m (DATA_PATH '" + data + "')",
				"CREATE TABLE m.events (id INTEGER, kind VARCHAR)",
				"INSERT INTO m.events VALUES (1, 'start'), (2, 'stop')",
				"SELECT checkpoint_id FROM moraine_create_checkpoint('m')");
		keep(home, new DuckLakeAttachments.Attachment("m", url, data, false));
		return id.get(0);
	}

	static void keep(Path home, DuckLakeAttachments.Attachment a) {
		Settings s = Settings.load(home);
		DuckLakeAttachments.put(s, a);
		s.save();
	}
}
