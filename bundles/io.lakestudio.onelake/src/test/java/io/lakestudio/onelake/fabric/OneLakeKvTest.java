package io.lakestudio.onelake.fabric;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.emulator.BigTenant;
import io.lakestudio.emulator.Emulator;
import io.lakestudio.emulator.Request;
import io.lakestudio.emulator.TestClock;
import io.lakestudio.emulator.Tokens;
import io.lakestudio.kv.Fenced;
import io.lakestudio.kv.KvOptions;
import io.lakestudio.kv.KvReader;
import io.lakestudio.kv.KvStore;
import io.lakestudio.kv.WriteBatch;
import io.lakestudio.onelake.auth.ClientCredentials;
import io.lakestudio.store.ObjectStore;

/**
 * io.lakestudio.kv on OneLake DFS through the emulator: batches, flushes and merges read back after a reopen, a
 * second writer fences the first by the WAL name it takes (a 412 on the wire), and a pinned reader sends no write.
 */
@Timeout(180)
class OneLakeKvTest {

	@TempDir
	Path root;
	private Emulator emu;
	private ObjectStore objects;

	@BeforeEach
	void start() throws Exception {
		BigTenant.write(root, 1, 1, 1);
		Files.createDirectories(root.resolve("ws00/lh000.Lakehouse/Files"));
		TestClock clock = new TestClock(Instant.parse("2026-01-01T00:00:00Z"));
		emu = Emulator.start(root, clock);
		Endpoints e = Endpoints.of(emu.fabricUrl(), emu.dfsUrl()).trusting(emu.dfsCaFile())
				.withTimeouts(Duration.ofSeconds(5), Duration.ofSeconds(10));
		ClientCredentials tokens = new ClientCredentials(URI.create(emu.tokenUrl()), Tokens.CLIENT_ID,
				() -> Tokens.CLIENT_SECRET, HttpClient.newHttpClient(), clock);
		DfsStore dfs = new FabricLake(e, tokens, l -> {
		}, clock).store();
		objects = dfs.objects(dfs.path("ws00", "lh000.Lakehouse/Files/kv"));
	}

	@AfterEach
	void stop() {
		emu.close();
	}

	private static byte[] b(String s) {
		return s.getBytes(UTF_8);
	}

	private static KvOptions small() {
		return KvOptions.defaults().withMemtable(1024, Duration.ofHours(1)).withMerges(2, 2, 2048);
	}

	@Test
	void batchesFlushesAndMergesReadBackAfterAReopen() throws Exception {
		KvStore kv = KvStore.open(objects, small());
		for (int i = 0; i < 40; i++)
			kv.write(new WriteBatch().put("t", b("k" + i), b("v" + i)).delete("t", b("k" + (i - 5))));
		kv.compact(null);
		kv.write(new WriteBatch().put("t", b("tail"), b("in the WAL")));
		try (KvStore again = KvStore.open(objects, small())) {
			assertEquals(List.of("k35", "k36", "k37", "k38", "k39", "tail"),
					again.scan("t", b(""), null).stream().map(x -> new String(x.key(), UTF_8)).toList());
			assertNull(again.get("t", b("k3")));
			assertEquals(1, again.census(false).subspaces().get(0).sortedRuns());
		}
	}

	@Test
	void aSecondWriterFencesTheFirstThroughIfNoneMatch() throws Exception {
		KvStore first = KvStore.open(objects, small());
		first.write(new WriteBatch().put("t", b("a"), b("1")));
		KvStore second = KvStore.open(objects, small());
		emu.log().clear();
		assertThrows(Fenced.class, () -> first.write(new WriteBatch().put("t", b("b"), b("2"))));
		List<Request> wire = emu.log().matching(r -> r.api().equals("dfs"));
		assertTrue(wire.stream().anyMatch(r -> r.status() == 412), "the WAL name was taken: " + wire);
		assertEquals("1", new String(second.get("t", b("a")), UTF_8));
		assertNull(second.get("t", b("b")));
		second.close();
	}

	@Test
	void aPinnedReaderSendsNoWrite() throws Exception {
		Set<String> writes = Set.of("PUT", "PATCH", "DELETE", "POST");
		try (KvStore kv = KvStore.open(objects, small())) {
			kv.write(new WriteBatch().put("t", b("a"), b("1")));
			String cp = kv.createCheckpoint(Duration.ofHours(1));
			kv.write(new WriteBatch().put("t", b("a"), b("2")));
			emu.log().clear();
			try (KvReader r = KvReader.pinned(objects, cp, small())) {
				assertEquals("1", new String(r.get("t", b("a")), UTF_8), "the cut, not the head");
			}
			List<Request> dfs = emu.log().matching(r -> r.api().equals("dfs"));
			assertTrue(!dfs.isEmpty(), "the reader read over DFS");
			assertEquals(List.of(), dfs.stream().filter(r -> writes.contains(r.method())).toList(),
					"0 PUT, 0 PATCH, 0 DELETE");
		}
	}
}
