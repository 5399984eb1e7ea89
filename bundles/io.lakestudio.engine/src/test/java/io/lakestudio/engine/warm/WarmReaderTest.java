package io.lakestudio.engine.warm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.catalog.EventLog;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.Settings;
import io.lakestudio.catalog.TableMetadata;
import io.lakestudio.catalog.TableName;
import io.lakestudio.catalog.WarmState;
import io.lakestudio.engine.Engine;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.MutableClock;
import io.lakestudio.engine.Result;
import io.lakestudio.engine.TestLake;

/** Warm reads of tables in use, on a fake clock: every rule of Tables in use. */
@Timeout(180)
class WarmReaderTest {

	private static final String READ = "SELECT count(*), max(name) FROM \"Sales/Orders\".customers";
	private static final WarmReader.Rules RULES = new WarmReader.Rules(3, Duration.ofDays(14), Duration.ofMinutes(2),
			Duration.ofMinutes(10), Duration.ofHours(6), 10L << 30);

	@TempDir
	Path tmp;
	TestLake lake;
	MutableClock clock;
	Engine engine;
	EventLog log;
	String id;
	int columns;

	@BeforeEach
	void inUse() throws Exception {
		lake = TestLake.sample(tmp);
		clock = new MutableClock(Instant.now());
		engine = lake.engine(clock);
		log = new EventLog(lake.home);
		id = lake.catalog.resolve(TableName.parse("Sales/Orders/customers")).table().id();
		columns = lake.catalog.columns(id).size();
		assertEquals(5, columns);
		for (int i = 0; i < 3; i++) {
			TestLake.rows(engine, READ);
		}
		assertEquals(3, lake.catalog.uses(id, Instant.EPOCH).size());
	}

	@AfterEach
	void close() {
		engine.close();
		lake.close();
	}

	private WarmReader reader(WarmReader.Rules rules) {
		return new WarmReader(engine, lake.catalog, log, clock, rules, () -> true);
	}

	/** Steps while the reader has more to do at once; how many reads that made. */
	private static long drain(WarmReader w) {
		long before = w.reads();
		for (int i = 0; i < 200 && w.step().isZero(); i++) {
			// next column
		}
		return w.reads() - before;
	}

	private long logLines(String text) {
		return log.tail(10_000).stream().filter(l -> l.contains(text)).count();
	}

	private LakeTable table() {
		return lake.catalog.table(id).orElseThrow();
	}

	@Test
	void eachColumnOnceAtItsSnapshotAfterTwoQuietMinutesAndAgainAtTheNext() {
		WarmReader w = reader(RULES);
		assertEquals(0, drain(w), "someone ran something just now");
		clock.advance(Duration.ofSeconds(119));
		assertEquals(0, drain(w), "not yet 2 quiet minutes");
		clock.advance(Duration.ofSeconds(1));
		assertEquals(columns, drain(w));
		long snapshot = table().snapshotVersion();
		WarmState s = lake.catalog.warmState(id).orElseThrow();
		assertEquals(new WarmState(id, snapshot, columns, true, false, s.at()), s);
		assertEquals(columns, logLines("EXPLAIN ANALYZE SELECT"));
		assertEquals(columns, logLines("-- table in use (3 reads in 14 days): reading it whole at snapshot "));
		assertEquals(1, logLines("complete at snapshot " + snapshot));
		assertEquals(3, lake.catalog.uses(id, Instant.EPOCH).size(), "warm reads are nobody's use");
		assertEquals(3, engine.statementCount(), "nor anybody's statement");

		clock.advance(Duration.ofHours(1));
		assertEquals(0, drain(w), "complete at this snapshot: not again");

		LakeTable t = table();
		lake.catalog.putTableMetadata(id, new TableMetadata(t.format(), snapshot + 1, Instant.now(),
				lake.catalog.columns(id), List.of(), t.sizeBytes(), t.numFiles(), t.numRecords()), Instant.now());
		assertEquals(columns, drain(w), "a new snapshot is read whole again");
		assertEquals(snapshot + 1, lake.catalog.warmState(id).orElseThrow().snapshot());
		assertTrue(lake.catalog.warmState(id).orElseThrow().complete());
	}

	@Test
	void aStatementStopsItAndItCarriesOnAfterTwoMoreQuietMinutes() {
		WarmReader w = reader(RULES);
		clock.advance(Duration.ofMinutes(3));
		AtomicInteger calls = new AtomicInteger();
		w.listener((t, sql) -> {
			if (calls.incrementAndGet() == 2) {
				try {
					TestLake.rows(engine, "SELECT 1"); // someone's statement, as the second column starts
				} catch (Exception e) {
					throw new AssertionError(e);
				}
			}
		});
		assertEquals(1, drain(w));
		assertEquals(1, logLines("-- stopped: a statement arrived"));
		assertEquals(1, lake.catalog.warmState(id).orElseThrow().columnsDone(), "what was read stays");
		clock.advance(Duration.ofSeconds(110));
		assertEquals(0, drain(w), "2 more quiet minutes first");
		clock.advance(Duration.ofSeconds(11));
		assertEquals(columns - 1, drain(w), "carries on from the second column");
		assertTrue(lake.catalog.warmState(id).orElseThrow().complete());
	}

	@Test
	void aStatementCancelsARunningBackgroundReadWithinThreeSeconds() throws Exception {
		CompletableFuture<Object> bg = CompletableFuture.supplyAsync(() -> {
			try (Result r = engine.executeBackground("SELECT count(*) FROM range(3000000) a, range(3000000) b"
					+ " WHERE a.range + b.range < 0", engine.statementCount())) {
				r.next();
				return r.text(0);
			} catch (EngineException e) {
				return e;
			}
		});
		Thread.sleep(1500);
		assertFalse(bg.isDone(), "the background read is running");
		long t0 = System.nanoTime();
		assertEquals(List.of(List.of("1")), TestLake.rows(engine, "SELECT 1"));
		long ms = (System.nanoTime() - t0) / 1_000_000;
		assertTrue(ms < 3000, "answered in " + ms + " ms");
		assertTrue(bg.get(3, TimeUnit.SECONDS) instanceof EngineException);
	}

	@Test
	void tenMinutesAtMostThenSixHoursWait() {
		WarmReader w = reader(RULES);
		clock.advance(Duration.ofMinutes(3));
		w.listener((t, sql) -> clock.advance(Duration.ofMinutes(6))); // each column takes 6 minutes
		assertEquals(2, drain(w), "12 minutes after the second: stop");
		Instant until = w.pausedUntil().orElseThrow();
		assertEquals(clock.instant().plus(Duration.ofHours(6)), until);
		assertEquals(1, logLines("minutes of warm reads: next in 6 hours"));
		clock.advance(Duration.ofHours(5).plusMinutes(59));
		assertEquals(0, drain(w));
		clock.advance(Duration.ofMinutes(2));
		assertEquals(2, drain(w), "another 10 minutes' worth");
		assertEquals(4, lake.catalog.warmState(id).orElseThrow().columnsDone());
	}

	@Test
	void theBudgetLeavesATableOverTheLimitAndZeroTurnsItOff() {
		long size = table().sizeBytes();
		assertTrue(size > 0);
		clock.advance(Duration.ofMinutes(3));
		assertEquals(0, drain(reader(RULES.withBudget(0))), "0 = off");
		assertTrue(lake.catalog.warmState(id).isEmpty());
		WarmReader small = reader(RULES.withBudget(size - 1));
		assertEquals(0, drain(small));
		WarmState s = lake.catalog.warmState(id).orElseThrow();
		assertTrue(s.overLimit() && !s.complete(), s.toString());
		assertEquals(1, logLines("is over keepUsedTablesGB"));
		assertEquals(columns, drain(reader(RULES.withBudget(size))), "fits exactly");
		assertFalse(lake.catalog.warmState(id).orElseThrow().overLimit());

		Settings settings = Settings.load(tmp.resolve("settings-home"));
		assertEquals(10L << 30, WarmReader.budgetBytes(settings), "10 GB by default");
		settings.set(Settings.DISK_CACHE_MAX_GB, 4);
		assertEquals(2L << 30, WarmReader.budgetBytes(settings), "never over half the disk cache");
		settings.set("keepUsedTablesGB", 0);
		assertEquals(0, WarmReader.budgetBytes(settings));
	}

	@Test
	void onlyTheLeaseHolderOnAnEngineAlreadyUp() {
		clock.advance(Duration.ofMinutes(3));
		assertEquals(0, drain(new WarmReader(engine, lake.catalog, log, clock, RULES, () -> false)), "no lease");
		try (Engine cold = lake.engine(clock)) {
			WarmReader w = new WarmReader(cold, lake.catalog, log, clock, RULES, () -> true);
			assertEquals(0, drain(w));
			assertFalse(cold.started(), "never starts an engine");
		}
		assertTrue(lake.catalog.warmState(id).isEmpty());
	}

	@Test
	void theLoopStepsItOnItsThread() throws Exception {
		clock.advance(Duration.ofMinutes(3));
		WarmReader w = reader(RULES);
		try (WarmLoop loop = WarmLoop.start(w, Duration.ofMillis(50))) {
			long deadline = System.nanoTime() + 20_000_000_000L;
			while (w.reads() < columns && System.nanoTime() < deadline) {
				Thread.sleep(50);
			}
		}
		assertEquals(columns, w.reads());
		assertTrue(lake.catalog.warmState(id).orElseThrow().complete());
		lake.catalog.acquireLease("someone", Duration.ofMinutes(5), Instant.now());
		assertTrue(WarmLoop.leaseHeldBy(lake.catalog, "someone").getAsBoolean());
		assertFalse(WarmLoop.leaseHeldBy(lake.catalog, "me").getAsBoolean());
	}
}
