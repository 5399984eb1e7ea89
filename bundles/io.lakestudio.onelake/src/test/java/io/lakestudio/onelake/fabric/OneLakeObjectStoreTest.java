package io.lakestudio.onelake.fabric;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.emulator.BigTenant;
import io.lakestudio.emulator.Emulator;
import io.lakestudio.emulator.Request;
import io.lakestudio.emulator.TestClock;
import io.lakestudio.emulator.Tokens;
import io.lakestudio.onelake.auth.ClientCredentials;
import io.lakestudio.store.ObjectStore;
import io.lakestudio.store.contract.ObjectStoreContract;
import io.lakestudio.store.PreconditionFailed;
import io.lakestudio.store.WriteCondition;

/** The object-store contract on OneLake DFS, through the emulator, which honours If-None-Match / If-Match. */
class OneLakeObjectStoreTest extends ObjectStoreContract {

	@TempDir
	Path root;
	private Emulator emu;
	private DfsStore dfs;
	private int made;

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
		dfs = new FabricLake(e, tokens, l -> {
		}, clock).store();
	}

	@AfterEach
	void stop() {
		emu.close();
	}

	@Override
	protected ObjectStore store() {
		return dfs.objects(dfs.path("ws00", "lh000.Lakehouse/Files/store" + made++));
	}

	@Override
	protected int races() {
		return 12;
	}

	@Test
	void aRefusedWriteIsA412OnTheWireAndLeavesNoTempFile() throws Exception {
		ObjectStore s = store();
		String etag = s.put("manifest/1", "a".getBytes(UTF_8), WriteCondition.IF_ABSENT);
		emu.log().clear();
		assertThrows(PreconditionFailed.class,
				() -> s.put("manifest/1", "b".getBytes(UTF_8), WriteCondition.IF_ABSENT));
		s.put("manifest/1", "c".getBytes(UTF_8), WriteCondition.ifMatch(etag));
		assertThrows(PreconditionFailed.class,
				() -> s.put("manifest/1", "d".getBytes(UTF_8), WriteCondition.ifMatch(etag)));
		List<Integer> statuses = emu.log().matching(r -> r.api().equals("dfs")).stream().map(Request::status).toList();
		assertEquals(2, statuses.stream().filter(x -> x == 412).count(), statuses::toString);
		assertArrayEquals("c".getBytes(UTF_8), s.get("manifest/1"));
		Path folder = root.resolve("ws00/lh000.Lakehouse/Files/store0");
		try (Stream<Path> w = Files.walk(folder)) {
			List<Path> files = w.filter(Files::isRegularFile).toList();
			assertEquals(List.of(folder.resolve("manifest/1")), files, "only the object, no temp file");
		}
	}
}
