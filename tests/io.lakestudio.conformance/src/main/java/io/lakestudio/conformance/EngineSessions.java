package io.lakestudio.conformance;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.engine.Engine;
import io.lakestudio.engine.EngineConfig;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.Result;

/**
 * The suite on Lakestudio's engine, as a user's SQL runs there: each record through {@link Engine#execute}, on an
 * engine whose state folder is the file's own (offline, no lake store). A connection is one {@link Engine} (one
 * session); a file's further connections ({@code con1}, a concurrent loop's) are more engines on the same state
 * folder. DuckLake, parquet, json and icu count as there: the engine is to carry them without DuckDB extensions.
 */
public final class EngineSessions implements SessionFactory {

	private static final Set<String> EXTENSIONS = Set.of("ducklake", "parquet", "json", "icu", "core_functions");

	@Override
	public String name() {
		return "Lakestudio's engine";
	}

	@Override
	public boolean has(String extension) {
		return EXTENSIONS.contains(extension);
	}

	@Override
	public SqlDatabase open(Path state, CatalogKind catalog, Path file, boolean readOnly) throws SqlFailure {
		if (file != null) {
			throw new SqlFailure("load " + file + ": the engine's DuckDB is in memory; it opens no database file");
		}
		Catalog c;
		try {
			c = Catalogs.open(Catalogs.catalogFile(state, "conformance"), "conformance");
		} catch (RuntimeException e) {
			throw new SqlFailure("cannot open the engine's catalog in " + state + ": " + e.getMessage(), e);
		}
		EngineConfig config = new EngineConfig(state, c, null, Clock.systemUTC(), 1024, 1, 1L << 30,
				Duration.ofHours(1), true);
		return new Database(c, config);
	}

	private static final class Database implements SqlDatabase {
		private final Catalog catalog;
		private final EngineConfig config;
		private final List<Session> sessions = new ArrayList<>();

		Database(Catalog catalog, EngineConfig config) {
			this.catalog = catalog;
			this.config = config;
		}

		@Override
		public synchronized SqlSession connect() {
			Session s = new Session(new Engine(config));
			sessions.add(s);
			return s;
		}

		@Override
		public synchronized void close() {
			for (Session s : sessions) {
				s.close();
			}
			sessions.clear();
			catalog.close();
		}
	}

	private static final class Session implements SqlSession {
		private final Engine engine;

		Session(Engine engine) {
			this.engine = engine;
		}

		@Override
		public Rows execute(String sql) throws SqlFailure {
			try (Result r = engine.execute(sql, "conformance")) {
				List<String> types = r.columnTypes();
				List<List<String>> rows = new ArrayList<>();
				while (r.next()) {
					List<String> row = new ArrayList<>(types.size());
					for (int i = 0; i < types.size(); i++) {
						int col = i;
						row.add(DuckText.of(types.get(i), new DuckText.Cell() {
							@Override
							public Object object() throws EngineException {
								return r.value(col);
							}

							@Override
							public String text() throws EngineException {
								return r.text(col);
							}
						}));
					}
					rows.add(row);
				}
				return new Rows(types, rows);
			} catch (EngineException e) {
				throw new SqlFailure(e.getMessage(), e);
			} catch (SqlFailure e) {
				throw e;
			} catch (Exception e) {
				throw new SqlFailure("the engine failed: " + e, e);
			}
		}

		@Override
		public void cancel() {
			engine.cancel();
		}

		@Override
		public void close() {
			engine.close();
		}
	}
}
