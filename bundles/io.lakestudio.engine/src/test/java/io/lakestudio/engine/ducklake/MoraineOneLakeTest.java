package io.lakestudio.engine.ducklake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.emulator.BigTenant;
import io.lakestudio.emulator.Emulator;
import io.lakestudio.emulator.Request;
import io.lakestudio.emulator.Tokens;
import io.lakestudio.engine.Engine;
import io.lakestudio.engine.EngineConfig;
import io.lakestudio.engine.EngineSession;
import io.lakestudio.onelake.auth.ClientCredentials;
import io.lakestudio.onelake.fabric.DfsStore;
import io.lakestudio.onelake.fabric.Endpoints;
import io.lakestudio.onelake.fabric.FabricLake;

/**
 * A moraine store on OneLake ({@code ducklake:moraine:abfss://...}) through the emulator's DFS, which honours
 * If-None-Match / If-Match: the writer's SQL reads back as moraine's own API over the same OneLake folder and raw
 * DuckDB over the files say, and a reader engine attached READ_ONLY sees its commits.
 */
class MoraineOneLakeTest {

	@Test
	void aMoraineStoreOnOneLakeServesTheEngine(@TempDir Path tmp) throws Exception {
		Path root = tmp.resolve("tenant");
		BigTenant.write(root, 1, 1, 1);
		Files.createDirectories(root.resolve("ws00/lh000.Lakehouse/Files"));
		Clock clock = Clock.systemUTC();
		try (Emulator emu = Emulator.start(root);
				Catalog catalog = Catalogs.open(Catalogs.catalogFile(tmp, "t"), "t")) {
			Endpoints e = Endpoints.of(emu.fabricUrl(), emu.dfsUrl()).trusting(emu.dfsCaFile())
					.withTimeouts(Duration.ofSeconds(5), Duration.ofSeconds(20));
			ClientCredentials tokens = new ClientCredentials(URI.create(emu.tokenUrl()), Tokens.CLIENT_ID,
					() -> Tokens.CLIENT_SECRET, HttpClient.newHttpClient(), clock);
			DfsStore dfs = new FabricLake(e, tokens, l -> {
			}, clock).store();
			String store = dfs.path("ws00", "lh000.Lakehouse/Files/lake.moraine");
			String attach = "ATTACH 'ducklake:moraine:" + store + "' AS m";
			try (Engine w = new Engine(new EngineConfig(tmp.resolve("w"), catalog, dfs, clock, 512, 1, 1L << 30,
					Duration.ofHours(1), false));
					Engine r = new Engine(new EngineConfig(tmp.resolve("r"), catalog, dfs, clock, 512, 1, 1L << 30,
							Duration.ofHours(1), false));
					EngineSession ws = w.openSession("w"); EngineSession rs = r.openSession("r")) {
				MoraineCatalogTest.ok(ws, attach + " (DATA_PATH '" + tmp.resolve("data") + "', DATA_INLINING_ROW_LIMIT 0)");
				MoraineCatalogTest.ok(ws, "CREATE TABLE m.t(i INTEGER, s VARCHAR)");
				MoraineCatalogTest.ok(ws, "INSERT INTO m.t VALUES (1, 'a'), (2, 'b')");
				MoraineCatalogTest.ok(rs, attach + " (READ_ONLY)");
				assertEquals(List.of("1|a", "2|b"), MoraineCatalogTest.rows(rs, "SELECT * FROM m.t ORDER BY i"));
				MoraineCatalogTest.ok(ws, "DELETE FROM m.t WHERE i = 1");
				List<String> now = List.of("2|b");
				assertEquals(now, MoraineCatalogTest.rows(rs, "SELECT * FROM m.t ORDER BY i"));
				try (java.sql.Connection oracle = java.sql.DriverManager.getConnection("jdbc:duckdb:")) {
					MoraineCatalogTest.oracle = oracle;
					assertEquals(now, MoraineCatalogTest.independent(dfs.objects(store), "t", 3, "i", "s"));
				}
			}
			// the store's objects are on OneLake: its manifest versions and SSTs in the lakehouse's folder, through DFS
			assertTrue(Files.isDirectory(root.resolve("ws00/lh000.Lakehouse/Files/lake.moraine/manifest")));
			List<Request> dfsCalls = emu.log().all().stream().filter(x -> x.api().equals("dfs")
					&& x.path().contains("lake.moraine")).toList();
			assertTrue(dfsCalls.stream().anyMatch(x -> x.method().equals("PUT")), dfsCalls.toString());
		}
	}
}
