package io.lakestudio.engine;

import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;

import io.lakestudio.catalog.LakeTable;
import io.lakestudio.engine.EngineException.Kind;
import io.lakestudio.engine.internal.DiskCache;
import io.lakestudio.engine.internal.DuckDb;
import io.lakestudio.engine.internal.Guard;
import io.lakestudio.engine.internal.Parsed;
import io.lakestudio.engine.internal.Sql;
import io.lakestudio.engine.internal.ReadRetry;
import io.lakestudio.engine.internal.TableReadFailed;
import io.lakestudio.engine.internal.Statements;
import io.lakestudio.engine.internal.TableReads;
import io.lakestudio.mirror.Mirror;
import io.lakestudio.mirror.internal.Bounded;

/**
 * SQL on the lake. DuckDB starts on the first statement, not before (nothing on the way to the tree loads it).
 * A statement is parsed and checked by the read-only guard; each lake table it names
 * ({@code "workspace/item".table}, {@code "workspace/item".schema.table}, or a plain three-part
 * {@code workspace.item.table} when the names need no quotes) becomes a temp view over held files; SHOW ALL
 * TABLES, DESCRIBE and information_schema come from the catalog; a statement that reads a table's rows is
 * recorded as a use of it. One statement runs at a time. Planning it is {@link Planner}'s, the wording of DuckDB's
 * errors {@link DuckErrors}'.
 */
public final class Engine implements AutoCloseable {

	private final EngineConfig config;
	private final Mirror mirror;
	private final DiskCache cache;
	private final TableReads reads;
	private final Listings listings;
	private final Planner planner;
	private final DuckErrors errors;
	private final Statements parsed = new Statements();
	private final ReentrantLock lock = new ReentrantLock();
	private final Set<String> sessionNames = new HashSet<>();
	private volatile Instant lastStatement;
	/** Statements anyone sent (not the engine's own background reads): a background read stops when it moves. */
	private final java.util.concurrent.atomic.AtomicLong statements = new java.util.concurrent.atomic.AtomicLong();
	/** The statement now running or streaming, for {@link #cancel}; whether it is a background read. */
	private volatile Statement running;
	private volatile boolean runningBackground;
	private Connection duck;
	/** The statement last cancelled: its error is the cancel, nothing to find out about. */
	private volatile Statement cancelled;

	/**
	 * A DuckDB connection for writing files (the sample lake), with the library the engine uses, loaded from the
	 * state folder {@code home} rather than copied to tmp: nothing is locked down, so it never runs a user's SQL.
	 */
	public static Connection writer(java.nio.file.Path home) throws SQLException, IOException {
		return DuckDb.unlocked(home);
	}

	public Engine(EngineConfig config) {
		this(config, Listings.NONE);
	}

	/** An engine whose host lets it ask the sync job for listings (see {@link Listings}). */
	public Engine(EngineConfig config, Listings listings) {
		this.config = config;
		this.listings = listings;
		this.mirror = new Mirror(config.home().resolve("mirror"), config.store(), config.clock(), Bounded.PARALLEL);
		this.cache = new DiskCache(config.home().resolve("cache").resolve("files"), config.store(),
				config.cacheMaxBytes());
		this.reads = new TableReads(config, mirror, cache);
		this.planner = new Planner(config, listings, cache, reads);
		this.errors = new DuckErrors(reads);
	}

	/** Whether DuckDB was started. */
	public boolean started() {
		return duck != null;
	}

	/** When the last statement started, if any: whether anyone ran anything lately. */
	public Optional<Instant> lastStatementAt() {
		return Optional.ofNullable(lastStatement);
	}

	/** The disk cache (column-chunk granular). */
	public DiskCache cache() {
		return cache;
	}

	/** How many data files the last table reference read chose (after partition, stats and LIMIT pruning). */
	public int lastFilesChosen() {
		return reads.lastFiles();
	}

	/** Whether the last statement ran as it was made the time before (see {@link KeptPlan}; tests, benchmarks). */
	public boolean lastPlanKept() {
		return planner.lastPlanKept();
	}

	/**
	 * How many temp views and tables DuckDB holds now for the lake tables statements read (the views and their
	 * partition-value and deleted-row tables): a long-lived engine keeps a bounded number (tests, benchmarks).
	 */
	public long lakeViewsHeld() throws EngineException {
		// the engine's own database (Sql.ENGINE) holds them, out of user SQL's reach
		String own = "database_name = '" + Sql.ENGINE + "'";
		return figure("SELECT (SELECT count(*) FROM duckdb_views() WHERE " + own + " AND regexp_matches(view_name,"
				+ " '^__(lake|ice)_')) + (SELECT count(*) FROM duckdb_tables() WHERE " + own + " AND"
				+ " regexp_matches(table_name, '^__(lake|ice)_'))");
	}

	/** The bytes DuckDB's buffer manager holds now (duckdb_memory(); benchmarks: what memory_limit bounds). */
	public long duckDbMemoryBytes() throws EngineException {
		return figure("SELECT coalesce(sum(memory_usage_bytes), 0) FROM duckdb_memory()");
	}

	/** What the buffer manager holds, by DuckDB's tag, largest first ("OBJECT_CACHE 325 KB, ..."; benchmarks). */
	public String duckDbMemoryTags() throws EngineException {
		return text("SELECT coalesce(string_agg(tag || ' ' || (memory_usage_bytes >> 10) || ' KB', ', ' ORDER BY"
				+ " memory_usage_bytes DESC), '') FROM duckdb_memory() WHERE memory_usage_bytes > 0");
	}

	/** One number from DuckDB itself, between statements. */
	private long figure(String sql) throws EngineException {
		return Long.parseLong(text(sql));
	}

	private String text(String sql) throws EngineException {
		lock.lock();
		try (Statement s = duck().createStatement(); ResultSet r = s.executeQuery(sql)) {
			r.next();
			return r.getString(1);
		} catch (SQLException e) {
			throw errors.translate(e);
		} finally {
			lock.unlock();
		}
	}

	/** Bytes the disk cache fetched from the lake since this engine was made. */
	public long fetchedBytes() {
		return cache.fetchedBytes();
	}

	public Mirror mirror() {
		return mirror;
	}

	/** A session: ATTACH, USE and BEGIN ... COMMIT last across its statements (DuckLake catalogs among them). */
	public EngineSession openSession(String source) {
		return new EngineSession(this, source, List.of(new io.lakestudio.engine.internal.ducklake.DuckLakeKind(config,
				reference -> exported(reference, source))));
	}

	public Result execute(String sql, String source) throws EngineException {
		return execute(sql, source, false);
	}

	/** How many statements anyone sent since this engine was made (background reads not counted). */
	public long statementCount() {
		return statements.get();
	}

	/** Cancels the statement now running or streaming, if any; it fails, and the engine takes the next one. */
	public void cancel() {
		cancel(running);
	}

	private void cancel(Statement s) {
		if (s != null) {
			cancelled = s;
			try {
				s.cancel();
			} catch (SQLException | RuntimeException e) {
				// it finished meanwhile
			}
		}
	}

	/**
	 * Runs one of the engine's own statements (a warm read): it is nobody's statement, so it moves neither
	 * {@link #lastStatementAt} nor the record of table uses, and anyone's statement cancels it (it then fails).
	 * {@code asOf} is the {@link #statementCount} its caller saw when it decided to run it: it fails at once if
	 * anyone sent a statement since.
	 */
	public Result executeBackground(String sql, long asOf) throws EngineException {
		return run(sql, "background", false, true, asOf);
	}

	/**
	 * Runs one statement. {@code source} says where it came from for the record of table uses (a tab, "cli", a
	 * model's query); {@code fresh} reads its tables' logs from the lake first whatever their age.
	 */
	public Result execute(String sql, String source, boolean fresh) throws EngineException {
		return run(sql, source, fresh, false, 0);
	}

	/**
	 * The rows of the lake table {@code reference} (as a statement names it, with its AT clause if any) in a
	 * Parquet file below the cache folder, for a DuckLake statement that reads it too: the DuckLake side runs on a
	 * DuckDB of its own, which may read that folder. Planned, fetched and recorded as a use as any statement's table
	 * is, and written once per plan (a plan names the snapshot it reads), so a join run again reads the same file.
	 */
	public java.nio.file.Path exported(String reference, String source) throws EngineException {
		java.nio.file.Path[] file = new java.nio.file.Path[2];
		try (Result r = run("SELECT * FROM " + reference, source, false, false, 0, (st, text) -> {
			file[0] = Exports.file(config.home(), text);
			file[1] = Exports.begin(file[0]);
			if (file[1] != null) {
				st.execute("COPY (" + text + ") TO " + Sql.string(file[1].toString()) + " (FORMAT parquet)");
			}
			return st.executeQuery("SELECT 1");
		})) {
			while (r.next()) {
				// the count COPY answers
			}
		} catch (EngineException | RuntimeException e) {
			Exports.abandon(file[1]);
			throw e;
		}
		return Exports.done(file[0], file[1]);
	}

	private Result run(String sql, String source, boolean fresh, boolean background, long seen)
			throws EngineException {
		return run(sql, source, fresh, background, seen, Statement::executeQuery);
	}

	/** How a planned query is run: as it is, or its rows written somewhere first ({@link #exported}). */
	private interface Finish {
		ResultSet run(Statement st, String planned) throws SQLException;
	}

	private Result run(String sql, String source, boolean fresh, boolean background, long seen, Finish finish)
			throws EngineException {
		if (!background) {
			// before waiting for the lock: a background read holding it is stopped for this one
			lastStatement = config.clock().instant();
			statements.incrementAndGet();
		}
		// a background read holding the lock is stopped for this one (again, should it have been starting)
		try {
			while (!lock.tryLock(background ? 1000 : 200, java.util.concurrent.TimeUnit.MILLISECONDS)) {
				if (!background && runningBackground) {
					cancel(running);
				}
			}
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			throw new EngineException(Kind.FAILED, "interrupted while waiting for the engine");
		}
		boolean handedOver = false;
		try {
			if (background && statements.get() != seen) {
				throw new EngineException(Kind.FAILED, "stopped: a statement arrived");
			}
			reads.prefetchLogs(sql, fresh); // the logs of the tables it names come while DuckDB starts and parses it
			Connection d = duck();
			Statements.Entry entry = parsed.parse(d, sql, sessionNames, Planner::columns);
			Parsed p = entry.parsed();
			List<String> notices = new ArrayList<>();
			Set<String> used = new LinkedHashSet<>();
			String text;
			try {
				text = planner.plan(d, entry, fresh, notices, used);
			} catch (TableReadFailed e) {
				// once: the table's listing, metadata and log read again, then the statement planned anew
				ReadRetry.refresh(e, listings, reads, config.offline() || background);
				notices.clear();
				used.clear();
				try {
					text = planner.plan(d, entry, fresh, notices, used);
				} catch (TableReadFailed again) {
					throw ReadRetry.afterRetry(again);
				}
			}
			Statement st;
			ResultSet rs;
			boolean hasFirst;
			for (int attempt = 0;; attempt++) {
				st = d.createStatement();
				running = st;
				runningBackground = background;
				if (background && statements.get() != seen) {
					running = null;
					runningBackground = false;
					st.close();
					throw new EngineException(Kind.FAILED, "stopped: a statement arrived");
				}
				try {
					if (p.kind() == Parsed.Kind.CREATE_TEMP) {
						st.execute(text);
						reads.pinViews();
						sessionNames.add(Guard.createdName(p.prefix()).toLowerCase(Locale.ROOT));
						parsed.sessionChanged();
						rs = st.executeQuery("SELECT 'created' AS result");
					} else {
						rs = finish.run(st, text);
					}
					hasFirst = rs.next(); // DuckDB has read most of what it reads by the first row
					break;
				} catch (SQLException lost) {
					running = null;
					runningBackground = false;
					st.close();
					SQLException e = p.kind() == Parsed.Kind.QUERY && st != cancelled ? DuckErrors.said(d, text, lost)
							: lost;
					if (!DuckErrors.unreadable(e) || used.isEmpty() || background || config.offline()
							|| config.store() == null) {
						throw e;
					}
					if (attempt > 0) {
						throw new EngineException(Kind.FAILED, errors.withLakeNames(e.getMessage()) + " (still failing after"
								+ " the files it read were fetched again and its tables' listing, metadata and log were"
								+ " read again)", e);
					}
					// once: what it read fetched again, its tables' listing, metadata and log read again, planned anew
					cache.forget(reads.kept());
					for (String id : used) {
						Optional<LakeTable> t = config.catalog().table(id);
						if (t.isPresent()) {
							ReadRetry.refresh(new TableReadFailed(t.get(), e.getMessage(), e), listings, reads, false);
						}
					}
					entry.keep(null);
					notices.clear();
					used.clear();
					text = planner.plan(d, entry, fresh, notices, used);
				}
			}
			if (p.kind().readsRows && !background) {
				for (String id : used) {
					config.catalog().recordUse(id, source, config.clock().instant());
				}
			}
			Result r = new Result(st, rs, hasFirst, notices, () -> {
				running = null;
				runningBackground = false;
				lock.unlock();
			});
			handedOver = true;
			return r;
		} catch (SQLException e) {
			throw errors.translate(e);
		} finally {
			if (!handedOver) {
				lock.unlock();
			}
		}
	}

	private Connection duck() throws EngineException {
		if (duck == null) {
			try {
				duck = DuckDb.open(config);
			} catch (SQLException | IOException e) {
				throw new EngineException(Kind.FAILED, "cannot start DuckDB: " + e.getMessage(), e);
			}
		}
		return duck;
	}

	@Override
	public void close() {
		lock.lock();
		try {
			reads.settleLogs();
			if (duck != null) {
				duck.close();
			}
		} catch (SQLException e) {
			// the process is going; nothing to keep
		} finally {
			duck = null;
			lock.unlock();
		}
	}
}