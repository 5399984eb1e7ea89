package io.lakestudio.engine.warm;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.BooleanSupplier;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.EventLog;
import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.LakeColumn;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.Settings;
import io.lakestudio.catalog.TableUse;
import io.lakestudio.catalog.WarmState;
import io.lakestudio.catalog.Workspace;
import io.lakestudio.engine.Engine;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.Result;

/**
 * Warm reads of tables in use (Tables in use): a table read {@code uses} times in {@code usesWindow} is read whole
 * once at each snapshot, a column at a time, as {@code EXPLAIN ANALYZE SELECT <column> FROM <table>} through the
 * engine, so its bytes go through the disk cache and no row reaches anyone. The rules:
 * <ul>
 * <li>only while {@code leaseHeld} says this process holds the lease, and on an engine already started (it never
 * starts one);
 * <li>only once nobody ran anything for {@code quiet}; anyone's statement cancels the read running (the engine
 * does that, see {@link Engine#executeBackground}); what was read stays, and the columns done are recorded, so the
 * next try carries on;
 * <li>after {@code runFor} of reading it stops for {@code pause}; a read that fails waits as long;
 * <li>tables (most used first) whose sizes add up past {@code budgetBytes} are not read and are marked over the
 * limit; a budget of 0 turns reading off.
 * </ul>
 * Each read is a line in the log, under a comment that says why. The catalog's {@link WarmState} says how far a
 * table got ("complete at snapshot N" when every column is read). Driven by {@link #step} on an injected clock.
 */
public final class WarmReader {

	public record Rules(int uses, Duration usesWindow, Duration quiet, Duration runFor, Duration pause,
			long budgetBytes) {

		/** The product's rules with settings.json's keepUsedTablesGB (default 10, at most half of diskCacheMaxGB). */
		public static Rules of(Settings s) {
			return new Rules(TableUse.IN_USE_READS, TableUse.IN_USE_WINDOW, Duration.ofMinutes(2), Duration.ofMinutes(10), Duration.ofHours(6),
					WarmReader.budgetBytes(s));
		}

		public Rules withBudget(long bytes) {
			return new Rules(uses, usesWindow, quiet, runFor, pause, bytes);
		}
	}

	/** keepUsedTablesGB in bytes: 10 GB by default, never over half of diskCacheMaxGB; 0 turns reading off. */
	public static long budgetBytes(Settings s) {
		double keep = s.number("keepUsedTablesGB", 10);
		double cache = s.number(Settings.DISK_CACHE_MAX_GB, 20);
		return (long) (Math.max(0, Math.min(keep, cache / 2)) * (1L << 30));
	}

	/** Called before each read, with the statement (tests move their clock here). */
	public interface Listener {
		void reading(String tableId, String statement);
	}

	private final Engine engine;
	private final Catalog catalog;
	private final EventLog log;
	private final Clock clock;
	private final Rules rules;
	private final BooleanSupplier leaseHeld;
	private volatile Listener listener = (t, s) -> {
	};
	private Duration readFor = Duration.ZERO;
	private Instant pausedUntil;
	private long reads;

	public WarmReader(Engine engine, Catalog catalog, EventLog log, Clock clock, Rules rules,
			BooleanSupplier leaseHeld) {
		this.engine = engine;
		this.catalog = catalog;
		this.log = log;
		this.clock = clock;
		this.rules = rules;
		this.leaseHeld = leaseHeld;
	}

	public void listener(Listener l) {
		this.listener = l;
	}

	/** Reads done (successful) since this reader was made. */
	public long reads() {
		return reads;
	}

	/** Until when it waits after its time ran out or a read failed, if it does. */
	public Optional<Instant> pausedUntil() {
		return Optional.ofNullable(pausedUntil);
	}

	/** One column of the work, one statement at most, if the rules allow; returns when to call again. */
	public synchronized Duration step() {
		if (rules.budgetBytes() <= 0) {
			return rules.pause(); // off: the hourly metadata stays on, elsewhere
		}
		if (!leaseHeld.getAsBoolean() || !engine.started()) {
			return rules.quiet();
		}
		Instant now = clock.instant();
		if (pausedUntil != null) {
			if (now.isBefore(pausedUntil)) {
				return Duration.between(now, pausedUntil);
			}
			pausedUntil = null;
			readFor = Duration.ZERO;
		}
		long seen = engine.statementCount();
		Optional<Instant> last = engine.lastStatementAt();
		if (last.isPresent() && now.isBefore(last.get().plus(rules.quiet()))) {
			return Duration.between(now, last.get().plus(rules.quiet()));
		}
		Work w = next(now, seen);
		if (w == null) {
			return rules.quiet();
		}
		return read(w);
	}

	private record Work(LakeTable table, List<LakeColumn> columns, int done, int uses, String ref,
			long statementsSeen) {
	}

	/** The next column to read: the most used table not complete at its snapshot, within the budget. */
	private Work next(Instant now, long seen) {
		long committed = 0;
		for (String id : catalog.tablesUsedAtLeast(rules.uses(), now.minus(rules.usesWindow()))) {
			Optional<LakeTable> t = catalog.table(id);
			if (t.isEmpty() || t.get().dropped() || t.get().snapshotVersion() == null) {
				continue;
			}
			LakeTable table = t.get();
			long snapshot = table.snapshotVersion();
			List<LakeColumn> cols = catalog.columns(id);
			String ref = reference(table);
			if (cols.isEmpty() || ref == null) {
				continue;
			}
			long size = table.sizeBytes() == null ? 0 : table.sizeBytes();
			Optional<WarmState> s = catalog.warmState(id);
			boolean sameSnapshot = s.isPresent() && s.get().snapshot() == snapshot;
			if (committed + size > rules.budgetBytes()) {
				if (s.isEmpty() || !s.get().overLimit() || !sameSnapshot) {
					catalog.putWarmState(new WarmState(id, snapshot, sameSnapshot ? s.get().columnsDone() : 0,
							sameSnapshot && s.get().complete(), true, now));
					log.log("warm", "-- " + table.id() + " is over keepUsedTablesGB (" + size + " bytes, "
							+ (rules.budgetBytes() - committed) + " left): not read whole");
				}
				continue;
			}
			committed += size;
			if (sameSnapshot && s.get().complete()) {
				if (s.get().overLimit()) {
					catalog.putWarmState(new WarmState(id, snapshot, s.get().columnsDone(), true, false, now));
				}
				continue;
			}
			int done = sameSnapshot ? Math.min(s.get().columnsDone(), cols.size()) : 0;
			int uses = catalog.uses(id, now.minus(rules.usesWindow())).size();
			return new Work(table, cols, done, uses, ref, seen);
		}
		return null;
	}

	private Duration read(Work w) {
		LakeTable t = w.table();
		LakeColumn col = w.columns().get(w.done());
		String sql = "EXPLAIN ANALYZE SELECT " + quote(col.name()) + " FROM " + w.ref();
		log.log("warm", "-- table in use (" + w.uses() + " reads in " + rules.usesWindow().toDays()
				+ " days): reading it whole at snapshot " + t.snapshotVersion() + ", column " + (w.done() + 1) + " of "
				+ w.columns().size() + ", so it works offline");
		log.log("warm", sql);
		long statementsBefore = w.statementsSeen();
		Instant start = clock.instant();
		listener.reading(t.id(), sql);
		try (Result r = engine.executeBackground(sql, statementsBefore)) {
			while (r.next()) {
				// the plan with its timings: nobody reads it
			}
		} catch (EngineException e) {
			Instant now = clock.instant();
			readFor = readFor.plus(Duration.between(start, now));
			if (engine.statementCount() != statementsBefore) {
				log.log("warm", "-- stopped: a statement arrived; what was read stays, and the next try carries on");
				return rules.quiet();
			}
			pausedUntil = now.plus(rules.pause());
			log.log("warm", "-- the read failed (" + e.getMessage() + "); next try in " + rules.pause().toHours()
					+ " hours");
			return rules.pause();
		}
		reads++;
		Instant now = clock.instant();
		int done = w.done() + 1;
		boolean complete = done == w.columns().size();
		catalog.putWarmState(new WarmState(t.id(), t.snapshotVersion(), done, complete, false, now));
		if (complete) {
			log.log("warm", "-- " + t.id() + " complete at snapshot " + t.snapshotVersion());
		}
		readFor = readFor.plus(Duration.between(start, now));
		if (readFor.compareTo(rules.runFor()) >= 0) {
			pausedUntil = now.plus(rules.pause());
			log.log("warm", "-- " + rules.runFor().toMinutes() + " minutes of warm reads: next in "
					+ rules.pause().toHours() + " hours");
			return rules.pause();
		}
		return Duration.ZERO;
	}

	/** How the engine names the table: {@code "workspace/item".table} or {@code "workspace/item".schema.table}. */
	private String reference(LakeTable t) {
		Optional<Item> item = catalog.item(t.itemId());
		if (item.isEmpty()) {
			return null;
		}
		Optional<Workspace> ws = catalog.workspace(item.get().workspaceId());
		if (ws.isEmpty()) {
			return null;
		}
		String head = quote(ws.get().name() + "/" + item.get().name());
		return item.get().schemaEnabled() ? head + "." + quote(t.schema()) + "." + quote(t.name())
				: head + "." + quote(t.name());
	}

	private static String quote(String name) {
		return "\"" + name.replace("\"", "\"\"") + "\"";
	}
}
