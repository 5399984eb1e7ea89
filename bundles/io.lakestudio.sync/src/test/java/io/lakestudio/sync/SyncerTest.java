package io.lakestudio.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.Listing;
import io.lakestudio.emulator.BigTenant;
import io.lakestudio.emulator.Emulator;
import io.lakestudio.emulator.Fault;
import io.lakestudio.emulator.Request;
import io.lakestudio.emulator.TestClock;
import io.lakestudio.emulator.Tokens;
import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.LakeException.Kind;
import io.lakestudio.onelake.auth.ClientCredentials;
import io.lakestudio.onelake.fabric.Endpoints;
import io.lakestudio.onelake.fabric.FabricLake;

@Timeout(120)
class SyncerTest {

	@TempDir
	Path dir;
	Emulator emu;
	Catalog catalog;
	FabricLake lake;
	final TestClock clock = new TestClock(Instant.parse("2026-01-01T00:00:00Z"));
	final List<String> log = new CopyOnWriteArrayList<>();
	boolean offline;

	@BeforeEach
	void start() throws IOException {
		Path root = dir.resolve("lake");
		BigTenant.write(root, 2, 4, 3);
		Files.createDirectories(root.resolve("ws00/StagingLakehouseForDataflows_9.Lakehouse/Tables"));
		emu = Emulator.start(root, clock);
		catalog = Catalogs.open(dir.resolve("catalog-test.sqlite"), "test");
		lake = lake(Duration.ofSeconds(5));
	}

	FabricLake lake(Duration requestTimeout) {
		Endpoints e = Endpoints.of(emu.fabricUrl(), emu.dfsUrl()).trusting(emu.dfsCaFile()).withTimeouts(Duration.ofSeconds(2), requestTimeout);
		return new FabricLake(e, new ClientCredentials(URI.create(emu.tokenUrl()), Tokens.CLIENT_ID,
				() -> Tokens.CLIENT_SECRET, HttpClient.newHttpClient(), clock), log::add, clock);
	}

	@AfterEach
	void stop() {
		catalog.close();
		emu.close();
	}

	Syncer syncer(String holder) {
		return new Syncer(catalog, lake, clock, log::add, () -> offline, Syncer.defaults(holder));
	}

	@Test
	void syncsATenantFromEmptyAtFiveListingsPer15sAskingEachOnce() {
		Duration took = Drive.untilIdle(syncer("a"), clock, 500);
		assertEquals(12, catalog.counts().tables());
		List<Request> starts = Drive.listingStarts(emu);
		// 1 workspaces + 2 items + 4 lakehouses' tables; the staging lakehouse is never swept
		assertEquals(7, starts.size());
		assertEquals(starts.size(), new HashSet<>(RequestLogTargets.of(starts)).size(), "no listing asked twice");
		assertTrue(emu.log().containing("Staging").isEmpty());
		assertTrue(emu.log().mostIn(Duration.ofSeconds(15), r -> starts.contains(r)) <= 5);
		assertEquals(Duration.ofSeconds(15), took, "the sixth listing waits for the window");
		assertTrue(emu.log().containing("_delta_log").isEmpty(), "no table metadata walked for the tenant");
	}

	@Test
	void aReaderRequestJumpsTheQueueAndWaitsForThatListingOnly() throws Exception {
		Syncer s = syncer("a");
		s.step();
		s.step();
		s.step();
		Item lh = catalog.allItems().stream().filter(i -> i.name().equals("lh003")).findFirst().orElseThrow();
		CompletableFuture<Void> f = s.request(Listing.tables(lh.id()));
		assertFalse(f.isDone());
		emu.log().clear();
		s.step();
		assertTrue(f.isDone());
		assertEquals(List.of(lh.id()), emu.log().all().stream().filter(r -> r.path().endsWith("/tables"))
				.map(r -> r.path().split("/")[5]).toList());
		assertEquals(3, catalog.tables(lh.id()).size());
		assertTrue(s.request(Listing.tables(lh.id())).isDone(), "a held listing needs no wait");
	}

	@Test
	void throttlingPausesEverythingAndHonoursRetryAfter() {
		Syncer s = syncer("a");
		s.step();
		emu.faults().add(Fault.throttle(Duration.ofSeconds(150)).on("/items").times(1));
		s.step();
		Instant pausedAt = clock.instant();
		assertEquals(pausedAt.plusSeconds(150), s.status().pausedUntil());
		int before = emu.log().size();
		for (int i = 0; i < 14; i++) {
			clock.advance(Duration.ofSeconds(10));
			s.step();
		}
		assertEquals(before, emu.log().size(), "nothing asked during the pause");
		LakeException fresh = assertThrows(LakeException.class, () -> s.fresh(Listing.WORKSPACES));
		assertEquals(Kind.THROTTLED, fresh.kind());
		assertTrue(s.request("items/x").isCompletedExceptionally(), "a reader doesn't wait out a pause");
		clock.advance(Duration.ofSeconds(11));
		s.step();
		assertTrue(emu.log().size() > before);
	}

	@Test
	void unavailableAndNoAnswerPauseAMinute() throws Exception {
		Syncer s = syncer("a");
		s.step();
		emu.faults().add(Fault.unavailable().on("/items").times(1));
		s.step();
		assertEquals(clock.instant().plusSeconds(60), s.status().pausedUntil());
		clock.advance(Duration.ofSeconds(61));
		lake = lake(Duration.ofMillis(400));
		Syncer impatient = syncer("a");
		emu.faults().add(Fault.hold().on("/items"));
		impatient.step();
		assertEquals(clock.instant().plusSeconds(60), impatient.status().pausedUntil());
		emu.faults().clear();
		assertTrue(catalog.syncState(Listing.items(emu.workspaceId("ws00"))).orElseThrow().failing());
	}

	/**
	 * A schema-enabled lakehouse's tables come from DFS folder listings (the Azure SDK): its 429 pauses the job for
	 * the Retry-After and its 503 for a minute, each after exactly one request (the SDK never retries), with
	 * nothing asked during the pause.
	 */
	@Test
	void dfsThrottlingAndUnavailabilityPauseTheJobAfterOneRequest() throws Exception {
		BigTenant.deltaTable(dir.resolve("lake/ws00/Schemas.Lakehouse/Tables/dbo/orders"), 3);
		Syncer s = syncer("a");
		emu.faults().add(Fault.throttle(Duration.ofSeconds(150)).on("resource=filesystem").times(1));
		stepUntilPaused(s, 20);
		Instant pausedAt = clock.instant();
		assertEquals(pausedAt.plusSeconds(150), s.status().pausedUntil(), "Retry-After from the SDK's 429");
		List<Request> dfs = emu.log().matching(r -> r.api().equals("dfs"));
		assertEquals(List.of(429), dfs.stream().map(Request::status).toList(), "one request, no SDK retry");
		int before = emu.log().size();
		for (int i = 0; i < 14; i++) {
			clock.advance(Duration.ofSeconds(10));
			s.step();
		}
		assertEquals(before, emu.log().size(), "nothing asked during the pause");

		// the failed listing is asked again after an hour
		clock.advance(Duration.ofMinutes(61));
		emu.log().clear();
		emu.faults().add(Fault.unavailable().on("resource=filesystem").times(1));
		stepUntilPaused(s, 60);
		assertEquals(clock.instant().plusSeconds(60), s.status().pausedUntil(), "a DFS 503 pauses a minute");
		assertEquals(List.of(503), emu.log().matching(r -> r.api().equals("dfs")).stream().map(Request::status)
				.toList(), "one request, no SDK retry");
	}

	/** Steps on the test clock until the job pauses; the clock stays at the failed step's instant. */
	private void stepUntilPaused(Syncer s, int most) {
		for (int i = 0; i < most; i++) {
			Duration wait = s.step();
			if (s.status().pausedUntil() != null) {
				return;
			}
			clock.advance(wait);
		}
	}

	@Test
	void aFailedListingIsNotAskedAgainForAnHour() {
		Syncer s = syncer("a");
		emu.faults().add(Fault.malformed().on("/lakehouses/" + emu.itemId("ws00", "lh000.Lakehouse") + "/tables")
				.times(1));
		Drive.untilIdle(s, clock, 500);
		String listing = Listing.tables(emu.itemId("ws00", "lh000.Lakehouse"));
		assertTrue(catalog.syncState(listing).orElseThrow().failing());
		for (int i = 0; i < 59; i++) {
			clock.advance(Duration.ofMinutes(1));
			s.step();
		}
		assertEquals(1, emu.log().containing(emu.itemId("ws00", "lh000.Lakehouse") + "/tables").size());
		assertTrue(s.request(listing).isCompletedExceptionally(), "a reader hears of the failure at once");
		clock.advance(Duration.ofMinutes(2));
		Drive.untilIdle(s, clock, 500);
		assertEquals(2, emu.log().containing(emu.itemId("ws00", "lh000.Lakehouse") + "/tables").size());
		assertFalse(catalog.syncState(listing).orElseThrow().failing());
	}

	@Test
	void aMalformedAnswerKeepsTheLastGoodRows() {
		Syncer s = syncer("a");
		Drive.untilIdle(s, clock, 500);
		String lh = emu.itemId("ws01", "lh001.Lakehouse");
		List<LakeTable> before = catalog.tables(lh);
		assertEquals(3, before.size());
		emu.faults().add(Fault.malformed().on("/lakehouses/" + lh + "/tables"));
		clock.advance(Duration.ofMinutes(61));
		Drive.untilIdle(s, clock, 500);
		assertEquals(before.stream().map(LakeTable::name).toList(),
				catalog.tables(lh).stream().filter(t -> !t.dropped()).map(LakeTable::name).toList());
		assertTrue(catalog.syncState(Listing.tables(lh)).orElseThrow().failing());
	}

	@Test
	void notFoundMidPagingWritesNothing() {
		emu.pageSize(2, 2);
		emu.faults().add(Fault.notFound().on("/tables?maxResults=100&continuationToken="));
		Drive.untilIdle(syncer("a"), clock, 500);
		assertEquals(0, catalog.counts().tables(), "every lakehouse has 3 tables, so every listing failed on page 2");
		assertEquals(4, emu.log().containing("/tables?maxResults=100&continuationToken=").size());
	}

	@Test
	void offlineAsksNothingAndNoReaderWaits() throws Exception {
		offline = true;
		Syncer s = syncer("a");
		for (int i = 0; i < 10; i++) {
			assertEquals(Duration.ofSeconds(30), s.step());
			clock.advance(Duration.ofMinutes(5));
		}
		CompletableFuture<Void> f = s.request(Listing.WORKSPACES);
		assertTrue(f.isDone());
		ExecutionException e = assertThrows(ExecutionException.class, () -> f.get(1, TimeUnit.SECONDS));
		assertEquals(Kind.OFFLINE, ((LakeException) e.getCause()).kind());
		assertEquals(Kind.OFFLINE, assertThrows(LakeException.class, () -> s.fresh(Listing.WORKSPACES)).kind());
		assertEquals(0, emu.log().size(), "not even a token request");
	}

	@Test
	void nothingListeningGoesOfflineForAMinute() {
		Syncer s = syncer("a");
		emu.close();
		s.step();
		assertEquals(1, s.issued());
		assertTrue(s.status().offline());
		assertEquals(Kind.OFFLINE, assertThrows(LakeException.class, () -> s.fresh(Listing.WORKSPACES)).kind());
		clock.advance(Duration.ofSeconds(30));
		s.step();
		assertEquals(1, s.issued(), "no probe before the minute is out");
		clock.advance(Duration.ofSeconds(31));
		s.step();
		assertEquals(2, s.issued());
	}

	@Test
	void onlyTheLeaseHolderSweepsAndAStaleLeaseIsTakenOver() {
		Syncer a = syncer("host:1:a");
		try (Catalog other = Catalogs.open(dir.resolve("catalog-test.sqlite"), "test")) {
			Syncer b = new Syncer(other, lake, clock, log::add, () -> false, Syncer.defaults("host:2:b"));
			a.step();
			assertTrue(a.status().holder());
			int n = emu.log().size();
			clock.advance(Duration.ofSeconds(89));
			b.step();
			assertFalse(b.status().holder());
			assertEquals(n, emu.log().size(), "b asks nothing while a's heartbeat is fresh");
			a.step();
			clock.advance(Duration.ofSeconds(91));
			b.step();
			assertTrue(b.status().holder(), "a's heartbeat is 91 s old");
			a.step();
			assertFalse(a.status().holder());
			b.release();
			a.step();
			assertTrue(a.status().holder(), "a released lease is taken at once");
		}
	}

	@Test
	void freshIsNotHeldToThePace() throws Exception {
		Syncer s = syncer("a");
		for (int i = 0; i < 5; i++) {
			s.step();
		}
		assertTrue(s.step().compareTo(Duration.ZERO) > 0, "the window is full");
		int n = Drive.listingStarts(emu).size();
		s.fresh(Listing.WORKSPACES);
		s.fresh(Listing.items(emu.workspaceId("ws00")));
		assertEquals(n + 2, Drive.listingStarts(emu).size());
	}

	@Test
	void openedLakehousesGetTheirTablesMetadataAndTokensStayOutOfLogs() {
		Syncer s = syncer("a");
		Drive.untilIdle(s, clock, 500);
		String lh = emu.itemId("ws00", "lh002.Lakehouse");
		s.open(lh, true);
		Drive.untilIdle(s, clock, 500);
		assertTrue(catalog.tables(lh).stream().allMatch(t -> t.snapshotVersion() != null && t.numRecords() != null));
		assertTrue(catalog.tables(emu.itemId("ws00", "lh000.Lakehouse")).stream()
				.allMatch(t -> t.snapshotVersion() == null), "metadata only for opened lakehouses");
		assertFalse(log.isEmpty());
		assertTrue(log.stream().noneMatch(l -> l.contains("emu.") || l.toLowerCase().contains("bearer ")));
	}

	/** Sets of listing targets, to tell whether one was asked twice. */
	static final class RequestLogTargets {
		static Set<String> of(List<Request> rs) {
			Set<String> out = new HashSet<>();
			rs.forEach(r -> out.add(r.target()));
			return out;
		}
	}
}
