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
import io.lakestudio.engine.EngineSession;
import io.lakestudio.engine.Result;

/**
 * The suite on Lakestudio's engine, as a user's script runs there: a file's database is one {@link Engine} on the
 * file's own state folder (offline, no lake store), each connection one {@link EngineSession} of it, so ATTACH,
 * USE and BEGIN ... COMMIT last across a connection's records. A record's statements go one by one (the last one's
 * rows count). DuckLake, parquet, json and icu count as there: the engine is to carry them without DuckDB
 * extensions.
 * <p>
 * In DuckDB an ATTACH or DETACH is the database's, seen by each of its connections, but an EngineSession's
 * attachments are its own; so what one connection attached (or detached) is done again on each other connection
 * before its next record: each then has the same catalog open on its own, with its own transaction and USE.
 */
public final class EngineSessions implements SessionFactory {

	private static final Set<String> EXTENSIONS = Set.of("ducklake", "parquet", "json", "icu", "core_functions");
	private static final String SOURCE = "conformance";

	@Override
	public String name() {
		return "Lakestudio's engine (each connection first: " + SUITE_SETTING + ")";
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
			c = Catalogs.open(Catalogs.catalogFile(state, SOURCE), SOURCE);
		} catch (RuntimeException e) {
			throw new SqlFailure("cannot open the engine's catalog in " + state + ": " + e.getMessage(), e);
		}
		// file access as a user grants it: the file's {TEST_DIR} (beside its state folder, see FileRun) and the
		// suite's data/ (the runner runs from inside the suite folder)
		List<Path> granted = new ArrayList<>();
		for (Path p : List.of(state.resolveSibling("test"), Path.of("data").toAbsolutePath())) {
			if (java.nio.file.Files.isDirectory(p)) {
				granted.add(p);
			}
		}
		EngineConfig config = new EngineConfig(state, c, null, Clock.systemUTC(), 1024, 1, 1L << 30,
				Duration.ofHours(1), true, granted);
		return new Database(c, new Engine(config));
	}

	/**
	 * What each connection runs before the file's own SQL. The suite was written for the ducklake extension's
	 * development build, whose new catalogs are DuckLake 1.1-dev1; Lakestudio's default is 1.0 (the stable
	 * specification, which released extensions attach), so every connection asks for the suite's version, as a
	 * user would. A file that sets or resets it itself still does so; a moraine store stays 1.0.
	 */
	static final String SUITE_SETTING = "SET ducklake_default_version = '1.1-dev1'";

	private static final class Database implements SqlDatabase {
		private final Catalog catalog;
		private final Engine engine;
		private final List<Session> sessions = new ArrayList<>();
		/** Each ATTACH and DETACH that succeeded on some connection, in order: the database's attachments. */
		private final List<String> attachments = new ArrayList<>();

		Database(Catalog catalog, Engine engine) {
			this.catalog = catalog;
			this.engine = engine;
		}

		@Override
		public synchronized SqlSession connect() throws SqlFailure {
			Session s = new Session(this, engine.openSession(SOURCE));
			sessions.add(s);
			s.execute(SUITE_SETTING);
			return s;
		}

		synchronized List<String> attachmentsFrom(int i) {
			return List.copyOf(attachments.subList(i, attachments.size()));
		}

		/** Keeps an ATTACH or DETACH that succeeded; returns how many are kept now (that connection has them). */
		synchronized int attached(String statement) {
			attachments.add(statement);
			return attachments.size();
		}

		synchronized void closed(Session s) {
			sessions.remove(s);
		}

		@Override
		public void close() {
			List<Session> open;
			synchronized (this) {
				open = List.copyOf(sessions);
			}
			for (Session s : open) {
				s.close();
			}
			engine.close();
			catalog.close();
		}
	}

	private static final class Session implements SqlSession {
		private final Database db;
		private final EngineSession session;
		/** How many of the database's ATTACH/DETACH statements this connection has done. */
		private int seen;
		private boolean closed;

		Session(Database db, EngineSession session) {
			this.db = db;
			this.session = session;
			// seen = 0: a connection made after an ATTACH has it from its first record on, as in DuckDB
		}

		@Override
		public Rows execute(String sql) throws SqlFailure {
			catchUp();
			List<String> statements = EngineSession.statements(sql);
			Rows rows = new Rows(List.of(), List.of());
			for (String st : statements) {
				rows = run(st);
				if (isAttachment(st)) {
					seen = db.attached(st);
				}
			}
			return rows;
		}

		/** What other connections attached or detached since this one's last record, done here too. */
		private void catchUp() throws SqlFailure {
			List<String> missed = db.attachmentsFrom(seen);
			for (String st : missed) {
				seen++;
				try {
					run(st);
				} catch (SqlFailure e) {
					throw new SqlFailure("this connection could not attach what another attached (" + st + "): "
							+ e.getMessage(), e);
				}
			}
		}

		private static boolean isAttachment(String statement) {
			return statement.matches("(?is)\\s*(ATTACH|DETACH)\\b.*");
		}

		private Rows run(String sql) throws SqlFailure {
			try (Result r = session.execute(sql)) {
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

		/**
		 * The engine's cancel: it stops a statement the engine runs; EngineSession has no cancel of its own, so a
		 * DuckLake statement runs on to its end.
		 */
		@Override
		public void cancel() {
			db.engine.cancel();
		}

		@Override
		public synchronized void close() {
			if (!closed) {
				closed = true;
				session.close();
				db.closed(this);
			}
		}
	}
}
