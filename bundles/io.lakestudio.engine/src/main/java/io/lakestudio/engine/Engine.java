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
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;

import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.TableName;
import io.lakestudio.engine.EngineException.Kind;
import io.lakestudio.engine.internal.CatalogAnswers;
import io.lakestudio.engine.internal.DiskCache;
import io.lakestudio.engine.internal.DuckDb;
import io.lakestudio.engine.internal.Guard;
import io.lakestudio.engine.internal.KeptPlan;
import io.lakestudio.engine.internal.Parsed;
import io.lakestudio.engine.internal.Projection;
import io.lakestudio.engine.internal.Pruning;
import io.lakestudio.engine.internal.ReadRetry;
import io.lakestudio.engine.internal.TableLookup;
import io.lakestudio.engine.internal.TableReadFailed;
import io.lakestudio.engine.internal.Statements;
import io.lakestudio.engine.internal.TableReads;
import io.lakestudio.mirror.At;
import io.lakestudio.mirror.Mirror;

/**
 * SQL on the lake. DuckDB starts on the first statement, not before (nothing on the way to the tree loads it).
 * A statement is parsed and checked by the read-only guard; each lake table it names
 * ({@code "workspace/item".table}, {@code "workspace/item".schema.table}, or a plain three-part
 * {@code workspace.item.table} when the names need no quotes) becomes a temp view over held files; SHOW ALL
 * TABLES, DESCRIBE and information_schema come from the catalog; a statement that reads a table's rows is
 * recorded as a use of it. One statement runs at a time.
 */
public final class Engine implements AutoCloseable {

	private final EngineConfig config;
	private final Mirror mirror;
	private final DiskCache cache;
	private final TableReads reads;
	private final Listings listings;
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
	private volatile boolean lastPlanKept;
	/** The views statements were pointed at, by how the statement named their table (for messages). */
	private final Map<String, String> shownAs = new java.util.concurrent.ConcurrentHashMap<>();
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
		this.mirror = new Mirror(config.home().resolve("mirror"), config.store(), config.clock());
		this.cache = new DiskCache(config.home().resolve("cache").resolve("files"), config.store(),
				config.cacheMaxBytes());
		this.reads = new TableReads(config, mirror, cache);
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
		return lastPlanKept;
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
		return new EngineSession(this, source, List.of(new io.lakestudio.engine.internal.ducklake.DuckLakeKind(config)));
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

	private Result run(String sql, String source, boolean fresh, boolean background, long seen)
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
			Connection d = duck();
			Statements.Entry entry = parsed.parse(d, sql, sessionNames, Engine::columns);
			Parsed p = entry.parsed();
			List<String> notices = new ArrayList<>();
			Set<String> used = new LinkedHashSet<>();
			String text;
			try {
				text = plan(d, entry, fresh, notices, used);
			} catch (TableReadFailed e) {
				// once: the table's listing, metadata and log read again, then the statement planned anew
				ReadRetry.refresh(e, listings, reads, config.offline() || background);
				notices.clear();
				used.clear();
				try {
					text = plan(d, entry, fresh, notices, used);
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
						sessionNames.add(Guard.createdName(p.prefix()).toLowerCase(Locale.ROOT));
						parsed.sessionChanged();
						rs = st.executeQuery("SELECT 'created' AS result");
					} else {
						rs = st.executeQuery(text);
					}
					hasFirst = rs.next(); // DuckDB has read most of what it reads by the first row
					break;
				} catch (SQLException lost) {
					running = null;
					runningBackground = false;
					st.close();
					SQLException e = p.kind() == Parsed.Kind.QUERY && st != cancelled ? said(d, text, lost) : lost;
					if (!unreadable(e) || used.isEmpty() || background || config.offline() || config.store() == null) {
						throw e;
					}
					if (attempt > 0) {
						throw new EngineException(Kind.FAILED, withLakeNames(e.getMessage()) + " (still failing after"
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
					text = plan(d, entry, fresh, notices, used);
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
			throw translate(e);
		} finally {
			if (!handedOver) {
				lock.unlock();
			}
		}
	}

	/** The text DuckDB runs: the statement with each table reference pointing at a view or a catalog answer. */
	private String plan(Connection d, Statements.Entry entry, boolean fresh, List<String> notices, Set<String> used)
			throws EngineException, SQLException {
		Parsed p = entry.parsed();
		// a query over lake tables alone, online, may run as it was made last time (see KeptPlan)
		boolean keepable = p.kind() == Parsed.Kind.QUERY && !fresh && !config.offline() && config.store() != null
				&& !p.refs().isEmpty() && p.refs().stream().noneMatch(Engine::information);
		// taken before planning: a write meanwhile makes the plan again
		long generation = keepable ? config.catalog().generation() : 0;
		KeptPlan k = entry.kept();
		lastPlanKept = keepable && k != null && k.catalogGeneration() == generation
				&& k.cacheRemovals() == cache.removals() && reads.stillHolds(k);
		if (lastPlanKept) {
			used.addAll(k.used());
			return k.text();
		}
		reads.begin();
		String text = planAnew(d, entry, fresh, notices, used);
		List<KeptPlan.Read> held = reads.held();
		// the removals after: files found gone while planning were fetched again (statements run one at a time)
		entry.keep(keepable && notices.isEmpty() && held.size() == p.refs().size()
				? new KeptPlan(text, Set.copyOf(used), reads.lastFiles(), generation, cache.removals(), held,
						reads.kept())
				: null);
		return text;
	}

	private String planAnew(Connection d, Statements.Entry entry, boolean fresh, List<String> notices,
			Set<String> used) throws EngineException, SQLException {
		Parsed p = entry.parsed();
		if (p.kind() == Parsed.Kind.SHOW_TABLES) {
			return CatalogAnswers.allTables(d, config.catalog());
		}
		if (p.kind() == Parsed.Kind.DESCRIBE && p.refs().size() == 1) {
			Parsed.Ref r = p.refs().get(0);
			if (!information(r)) {
				String answer = CatalogAnswers.describe(d, config.catalog(),
						table(r, new TableLookup(config.catalog(), listings, config.offline())));
				if (answer != null) {
					return answer;
				}
			}
		}
		reads.skipChunks();
		TableLookup lookup = new TableLookup(config.catalog(), listings, config.offline());
		List<String> targets = new ArrayList<>();
		for (Parsed.Ref r : p.refs()) {
			if (information(r)) {
				String t = CatalogAnswers.informationSchema(d, config.catalog(), r.parts().get(1));
				if (t == null) {
					throw new EngineException(Kind.REFUSED, "refused: information_schema." + r.parts().get(1)
							+ " is not answered here; tables, columns and schemata are");
				}
				targets.add(t);
			} else {
				LakeTable t = table(r, lookup);
				Set<String> own = Set.of(r.node().path("table_name").asText().toLowerCase(Locale.ROOT),
						r.node().path("alias").asText().toLowerCase(Locale.ROOT));
				String view = reads.view(d, t, at(r), p.limit(), Pruning.whereOf(p.tree(), r.node()), own,
						entry.columns(), fresh, notices);
				targets.add(view);
				shownAs.put(view, shown(TableName.parse(r.joined())));
				used.add(t.id());
			}
		}
		String body = Statements.rewrite(d, entry, targets);
		if (p.kind().readsRows) {
			// a plain EXPLAIN or DESCRIBE plans over the footers alone
			reads.fetchChunks(d, body, p.kind() == Parsed.Kind.QUERY || p.kind() == Parsed.Kind.EXPLAIN_ANALYZE);
		} else {
			reads.skipChunks();
		}
		return p.prefix() + body;
	}

	private static boolean information(Parsed.Ref r) {
		return r.parts().size() == 2 && r.parts().get(0).equalsIgnoreCase("information_schema");
	}

	/** The catalog's table for a reference, or why there is none. */
	private LakeTable table(Parsed.Ref r, TableLookup lookup) throws EngineException {
		String joined = r.joined();
		int segments = joined.split("/", -1).length;
		if (segments != 3 && segments != 4) {
			throw new EngineException(Kind.REFUSED, "refused: '" + joined + "' is not a lake table; name one as"
					+ " \"workspace/item\".table or \"workspace/item\".schema.table");
		}
		TableName name;
		try {
			name = TableName.parse(joined);
		} catch (IllegalArgumentException e) {
			throw new EngineException(Kind.REFUSED, "refused: '" + joined + "' is not a lake table; name one as"
					+ " \"workspace/item\".table or \"workspace/item\".schema.table");
		}
		return lookup.find(name);
	}

	private static At at(Parsed.Ref r) throws EngineException {
		if (r.atUnit() == null) {
			return At.LATEST;
		}
		try {
			return switch (r.atUnit()) {
			case "VERSION" -> At.version(Long.parseLong(r.atValue()));
			case "TIMESTAMP" -> At.time(Instant.parse(r.atValue().trim().replace(' ', 'T')
					+ (r.atValue().matches(".*([zZ]|[+-]\\d\\d:?\\d\\d)$") ? "" : "Z")));
			default -> throw new EngineException(Kind.FAILED, "AT (" + r.atUnit() + " => ...): use VERSION or TIMESTAMP");
			};
		} catch (RuntimeException e) {
			throw new EngineException(Kind.FAILED, "AT (" + r.atUnit() + " => " + r.atValue() + "): " + e.getMessage());
		}
	}

	/** The columns a statement may read: named in it, or all of them. */
	private static Set<String> columns(Parsed p) {
		Set<String> names = new HashSet<>();
		for (Parsed.Ref r : p.refs()) {
			names.add(r.node().path("table_name").asText().toLowerCase(Locale.ROOT));
			names.add(r.node().path("alias").asText().toLowerCase(Locale.ROOT));
		}
		return p.kind() == Parsed.Kind.SUMMARIZE ? Projection.ALL : Projection.columns(p.tree(), names);
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

	/**
	 * What went wrong, when DuckDB's streaming results lost it: an error while a statement starts comes back as
	 * "Invalid result set" (a bad cast, a damaged file, out of memory alike). Running it once more under EXPLAIN
	 * ANALYZE, which returns no rows, gives the error itself.
	 */
	private static SQLException said(Connection d, String text, SQLException lost) {
		if (!String.valueOf(lost.getMessage()).contains("Invalid result set")) {
			return lost;
		}
		try (Statement s = d.createStatement(); ResultSet r = s.executeQuery("EXPLAIN ANALYZE " + text)) {
			return lost; // it ran this time: the first error stands
		} catch (SQLException e) {
			return e;
		}
	}

	/** DuckDB could not read a file (a cached copy damaged, or the lake's file changed under its name). */
	private static boolean unreadable(SQLException e) {
		String m = String.valueOf(e.getMessage());
		String lower = m.toLowerCase(Locale.ROOT);
		return m.startsWith("IO Error") || m.startsWith("Invalid Error") || lower.contains("corrupt")
				|| (m.startsWith("Invalid Input Error") && lower.contains("parquet"));
	}

	/** A lake table as a statement names it: {@code "workspace/item".[schema.]table}. */
	private static String shown(TableName n) {
		return "\"" + n.workspace() + "/" + n.item() + "\"." + n.schema().map(x -> x + ".").orElse("") + n.table();
	}

	/**
	 * DuckDB's message with the lake's names in place of the views a statement was pointed at; its "LINE 1:"
	 * excerpt and caret then point into text the user never wrote, so they go (the statement is shown anyway).
	 */
	private String withLakeNames(String m) {
		String out = m;
		for (Map.Entry<String, String> v : shownAs.entrySet()) {
			out = out.replaceAll("\\b" + v.getKey() + "\\b", java.util.regex.Matcher.quoteReplacement(v.getValue()));
		}
		if (out.equals(m)) {
			return m;
		}
		int line = out.indexOf("\n\nLINE ");
		return line < 0 ? out : out.substring(0, line);
	}

	private EngineException translate(SQLException e) {
		String m = withLakeNames(e.getMessage() == null ? e.toString() : e.getMessage());
		if (m.startsWith("Permission Error") || m.contains("configuration has been locked")) {
			return new EngineException(Kind.REFUSED, "refused by the engine's lockdown: " + m, e);
		}
		return new EngineException(Kind.FAILED, m, e);
	}

	@Override
	public void close() {
		lock.lock();
		try {
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
