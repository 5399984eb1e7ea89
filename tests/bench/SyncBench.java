import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.emulator.BigTenant;
import io.lakestudio.emulator.Emulator;
import io.lakestudio.emulator.Request;
import io.lakestudio.emulator.TestClock;
import io.lakestudio.emulator.Tokens;
import io.lakestudio.onelake.auth.ClientCredentials;
import io.lakestudio.onelake.fabric.Endpoints;
import io.lakestudio.onelake.fabric.FabricLake;
import io.lakestudio.sync.Syncer;

/**
 * A sync from empty of a big tenant through the emulator, at the seed's pace on a test clock (so 50,000 tables take
 * minutes of wall time, not the hours of listings the pace means): listings asked ÷ listings needed (goal 1.00),
 * the most listings in any 15 s (goal ≤ 5), the simulated time, and the catalog it leaves.
 * Usage: SyncBench [tables (50000)] — tables are spread as 500 per lakehouse, 10 lakehouses per workspace.
 */
public final class SyncBench {

	public static void main(String[] args) throws Exception {
		int tables = args.length > 0 ? Integer.parseInt(args[0]) : 50_000;
		int perLakehouse = Math.min(500, tables);
		int lakehouses = Math.max(1, tables / perLakehouse);
		int workspaces = Math.max(1, lakehouses / 10);
		Path dir = Files.createTempDirectory("lakestudio-sync-bench");
		long t0 = System.nanoTime();
		BigTenant.write(dir.resolve("lake"), workspaces, lakehouses, perLakehouse);
		System.out.printf("tenant: %,d tables (%d workspaces, %d lakehouses x %d) written in %d ms%n",
				lakehouses * perLakehouse, workspaces, lakehouses, perLakehouse, (System.nanoTime() - t0) / 1_000_000);
		TestClock clock = new TestClock(Instant.parse("2026-01-01T00:00:00Z"));
		try (Emulator emu = Emulator.start(dir.resolve("lake"), clock);
				Catalog catalog = Catalogs.open(dir.resolve("catalog-bench.sqlite"), "bench")) {
			FabricLake lake = new FabricLake(Endpoints.of(emu.fabricUrl(), emu.dfsUrl()).trusting(emu.dfsCaFile()),
					new ClientCredentials(URI.create(emu.tokenUrl()), Tokens.CLIENT_ID, () -> Tokens.CLIENT_SECRET,
							HttpClient.newHttpClient(), clock), l -> { }, clock);
			Syncer s = new Syncer(catalog, lake, clock, l -> { }, () -> false, Syncer.defaults("bench"));
			long w0 = System.nanoTime();
			Instant start = clock.instant();
			for (int i = 0; i < 1_000_000; i++) {
				Duration d = s.step();
				if (d.equals(Duration.ofSeconds(30)) && s.status().pausedUntil() == null) {
					break; // idle: nothing left to list
				}
				clock.advance(d);
			}
			long wallMs = (System.nanoTime() - w0) / 1_000_000;
			// the first request of each listing (its continuation pages and the lakehouses call belong to it)
			List<Request> starts = emu.log().matching(r -> r.listing() && !r.target().contains("continuation")
					&& !r.path().endsWith("/lakehouses"));
			int needed = 1 + workspaces + lakehouses;
			int most = emu.log().mostIn(Duration.ofSeconds(15), starts::contains);
			Duration simulated = Duration.between(start, clock.instant());
			System.out.printf("tables in the catalog: %,d of %,d%n", catalog.counts().tables(),
					lakehouses * perLakehouse);
			System.out.printf("listings asked / needed: %d / %d = %.2f (goal 1.00); requests in all %d%n",
					starts.size(), needed, starts.size() / (double) needed, emu.log().size());
			System.out.printf("most listings in any 15 s: %d (goal <= 5)%n", most);
			System.out.printf("simulated time: %s (at most 5 per 15 s: >= %s); wall %,d ms%n", simulated,
					Duration.ofSeconds((needed - 1) / 5 * 15L), wallMs);
		}
		System.out.printf("catalog: %s, %.1f MB%n", dir.resolve("catalog-bench.sqlite"),
				Files.size(dir.resolve("catalog-bench.sqlite")) / 1e6);
	}
}
