package io.lakestudio.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.Listing;
import io.lakestudio.catalog.Settings;
import io.lakestudio.catalog.SyncState;
import io.lakestudio.emulator.Emulator;
import io.lakestudio.emulator.Fault;
import io.lakestudio.emulator.Request;
import io.lakestudio.emulator.TestClock;
import io.lakestudio.emulator.Tokens;
import io.lakestudio.onelake.Lake;
import io.lakestudio.samples.SampleLake;
import io.lakestudio.sync.Syncer;
import io.lakestudio.sync.account.Accounts;

/**
 * Tables in use through the emulator's OneLake, on a test clock shared by the sync worker and the engine: a table
 * statements read 3 times within 14 days gets its metadata read by the sync worker within the hour and again each
 * hour after; one read twice never does (no lakehouse is opened, so nothing else asks for table metadata); and a
 * statement on the table in use answers while the worker's read of its metadata hangs.
 */
@Timeout(180)
class TablesInUseTest {

	private static final Duration IDLE = Syncer.defaults("x").idle();

	@AfterEach
	void forgetTheSecret() {
		System.clearProperty(Accounts.SECRET_PROPERTY);
		System.clearProperty(Accounts.CA_PROPERTY);
	}

	@Test
	void aTableReadThreeTimesInFourteenDaysHasItsMetadataReadEachHourAndAStatementNeverWaitsForIt(@TempDir Path tmp)
			throws Exception {
		Path root = tmp.resolve("tenant");
		SampleLake.write(root);
		Path home = tmp.resolve("home");
		TestClock clock = new TestClock(Instant.parse("2026-03-01T08:00:00Z"));
		try (Emulator emu = Emulator.start(root);
				Catalog catalog = Catalogs.open(Catalogs.catalogFile(home, "emu"), "emu");
				Lake lake = Accounts.open(signedIn(home, emu), l -> { })) {
			Syncer syncer = new Syncer(catalog, lake, clock, l -> { }, () -> false, Syncer.defaults("test"));
			untilIdle(syncer, clock);
			Item sales = catalog.itemNamed(catalog.workspaceNamed("Sales").orElseThrow().id(), "Orders").orElseThrow();
			String orders = table(catalog, sales, "orders").id();
			String customers = table(catalog, sales, "customers").id();
			assertEquals(Optional.empty(), catalog.syncState(Listing.tableMetadata(orders)), "nobody asked yet");

			EngineConfig base = EngineConfig.of(home, catalog, lake.store(), Settings.load(home));
			// the engine reads through a client of its own, as the workbench's and the engine server's do
			try (Lake rows = Accounts.open(Settings.load(home), l -> { });
					Engine engine = new Engine(new EngineConfig(home, catalog, rows.store(), clock, 512, 1,
							base.cacheMaxBytes(), base.metadataTtl(), false))) {
				// orders three times and customers twice, five days apart: each statement that reads rows counts
				String n = null;
				Instant inUseSince = null;
				for (int round = 0; round < 3; round++) {
					if (round > 0) {
						clock.advance(Duration.ofDays(5));
					}
					n = count(engine, "orders");
					if (round < 2) {
						count(engine, "customers");
					}
					inUseSince = clock.instant();
					untilIdle(syncer, clock);
					if (round < 2) {
						assertEquals(Optional.empty(), catalog.syncState(Listing.tableMetadata(orders)),
								"read " + (round + 1) + " times: not in use yet");
					}
				}
				SyncState first = catalog.syncState(Listing.tableMetadata(orders)).orElseThrow(
						() -> new AssertionError("the table in use never had its metadata read"));
				assertTrue(first.held() && !first.lastSuccess().isAfter(inUseSince.plus(Duration.ofHours(1))),
						"read within the hour of its third use (" + inUseSince + "): " + first);
				assertEquals(Optional.empty(), catalog.syncState(Listing.tableMetadata(customers)),
						"a table read twice is not in use");

				// then every hour, asked of OneLake (its log read over DFS), and never the other table's
				for (int hour = 1; hour <= 3; hour++) {
					emu.log().clear();
					Instant before = clock.instant();
					clock.advance(Duration.ofMinutes(61));
					untilIdle(syncer, clock);
					SyncState s = catalog.syncState(Listing.tableMetadata(orders)).orElseThrow();
					assertTrue(s.lastSuccess().isAfter(before), "hour " + hour + ": read again, " + s);
					assertFalse(logReads(emu, "orders").isEmpty(), "hour " + hour + ": over DFS " + emu.log().all());
					assertEquals(List.of(), logReads(emu, "customers"), "hour " + hour);
				}
				assertEquals(Optional.empty(), catalog.syncState(Listing.tableMetadata(customers)));

				// the worker's next hourly read hangs in OneLake; a statement on the table answers meanwhile
				Fault hold = emu.faults().add(Fault.hold().on("orders/_delta_log").times(1));
				clock.advance(Duration.ofMinutes(61));
				CompletableFuture<Duration> step = new CompletableFuture<>();
				Thread worker = Thread.ofPlatform().daemon().name("sync-step").start(() -> {
					try {
						step.complete(syncer.step()); // the in-use table's metadata goes ahead of the routine
					} catch (Throwable e) {
						step.completeExceptionally(e);
					}
				});
				long deadline = System.nanoTime() + 20_000_000_000L;
				while (hold.applied() == 0 && System.nanoTime() < deadline) {
					Thread.sleep(20);
				}
				assertEquals(1, hold.applied(), "the worker is reading the table's metadata");
				long t0 = System.nanoTime();
				assertEquals(n, count(engine, "orders"));
				long ms = (System.nanoTime() - t0) / 1_000_000;
				assertFalse(step.isDone(), "the worker's read still hangs");
				assertTrue(ms < 10_000, "the statement did not wait for the worker: " + ms + " ms");
				emu.faults().clear(); // the held request gets its answer
				try {
					step.get(60, TimeUnit.SECONDS);
				} catch (java.util.concurrent.TimeoutException e) {
					throw new AssertionError("the worker's step did not finish once OneLake answered: "
							+ java.util.Arrays.toString(worker.getStackTrace()), e);
				}
				untilIdle(syncer, clock);
				assertTrue(catalog.syncState(Listing.tableMetadata(orders)).orElseThrow().lastSuccess()
						.isAfter(clock.instant().minus(Duration.ofMinutes(61))), "and it read the metadata");
			}
		}
	}

	private static String count(Engine engine, String table) throws Exception {
		return TestLake.one(engine, "SELECT count(*) FROM \"Sales/Orders\"." + table);
	}

	private static LakeTable table(Catalog catalog, Item item, String name) {
		return catalog.tables(item.id()).stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow();
	}

	/** The requests for a table's log: its listing (the folder in the query) and its files. */
	private static List<String> logReads(Emulator emu, String table) {
		return emu.log().matching(r -> r.target().contains(table) && r.target().contains("_delta_log")).stream()
				.map(Request::target).toList();
	}

	private static Settings signedIn(Path home, Emulator emu) {
		System.setProperty(Accounts.SECRET_PROPERTY, Tokens.CLIENT_SECRET);
		System.setProperty(Accounts.CA_PROPERTY, emu.dfsCaFile().toString());
		Settings s = Settings.load(home).set(Settings.ACCOUNT, "emu").set(Accounts.FABRIC_ENDPOINT, emu.fabricUrl())
				.set(Accounts.ONELAKE_ENDPOINT, emu.dfsUrl()).set(Accounts.TOKEN_ENDPOINT, emu.tokenUrl())
				.set(Accounts.CLIENT_ID, Tokens.CLIENT_ID);
		Accounts.mark(s, "emu", true);
		s.save();
		return s;
	}

	/** Steps the worker, moving the test clock by each wait, until it has nothing left to ask. */
	private static void untilIdle(Syncer s, TestClock clock) {
		for (int i = 0; i < 2000; i++) {
			Duration d = s.step();
			if (d.equals(IDLE) && s.status().pausedUntil() == null) {
				return;
			}
			clock.advance(d);
		}
		throw new AssertionError("the sync worker was not idle after 2000 steps");
	}
}
