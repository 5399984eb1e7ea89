package io.lakestudio.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.Listing;
import io.lakestudio.emulator.BigTenant;
import io.lakestudio.emulator.Emulator;
import io.lakestudio.emulator.Request;
import io.lakestudio.emulator.TestClock;
import io.lakestudio.emulator.Tokens;
import io.lakestudio.onelake.auth.ClientCredentials;
import io.lakestudio.onelake.fabric.Endpoints;
import io.lakestudio.onelake.fabric.FabricLake;

/**
 * Syncs the 5,000-table tenant from empty on a test clock: every listing asked once (issued / needed = 1.00), at
 * most 5 listings in any 15 s, and a reader's never-held listing served next. Prints the figures.
 */
@Timeout(180)
class BigTenantBenchmarkTest {

	@TempDir
	Path dir;

	@Test
	void syncs5000TablesFromEmptyAskingEachListingOnce() throws Exception {
		BigTenant.write(dir.resolve("lake"));
		TestClock clock = new TestClock(Instant.parse("2026-01-01T00:00:00Z"));
		try (Emulator emu = Emulator.start(dir.resolve("lake"), clock);
				Catalog catalog = Catalogs.open(dir.resolve("catalog-bench.sqlite"), "bench")) {
			FabricLake lake = new FabricLake(Endpoints.of(emu.fabricUrl(), emu.dfsUrl()).trusting(emu.dfsCaFile()),
					new ClientCredentials(URI.create(emu.tokenUrl()), Tokens.CLIENT_ID, () -> Tokens.CLIENT_SECRET,
							HttpClient.newHttpClient(), clock), l -> { }, clock);
			Syncer s = new Syncer(catalog, lake, clock, l -> { }, () -> false, Syncer.defaults("bench"));
			long t0 = System.nanoTime();
			for (int i = 0; i < 7; i++) {
				clock.advance(s.step());
			}
			// a reader asks for the last lakehouse, never held, while 40-odd routine listings are queued
			String last = emu.itemId("ws04", "lh049.Lakehouse");
			CompletableFuture<Void> reader = s.request(Listing.tables(last));
			clock.advance(s.step());
			clock.advance(s.step());
			assertTrue(reader.isDone() && !reader.isCompletedExceptionally(), "the reader's listing came next");
			Duration simulated = Drive.untilIdle(s, clock, 2000);
			long ms = (System.nanoTime() - t0) / 1_000_000;
			List<Request> starts = Drive.listingStarts(emu);
			int needed = 1 + 5 + 50;
			assertEquals(5000, catalog.counts().tables());
			assertEquals(needed, starts.size());
			assertEquals(needed, s.issued());
			int most = emu.log().mostIn(Duration.ofSeconds(15), starts::contains);
			assertTrue(most <= 5);
			System.out.printf("BENCH big tenant: tables=%d listings issued/needed=%d/%d=%.2f requests=%d"
					+ " most listings in 15 s=%d simulated=%s wall=%d ms%n", catalog.counts().tables(), s.issued(),
					needed, (double) s.issued() / needed, emu.log().size(), most, simulated, ms);
		}
	}
}
