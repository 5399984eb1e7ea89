package io.lakestudio.engine.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.engine.Engine;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.MutableClock;
import io.lakestudio.engine.TestLake;

/** The engine server on its socket: same answers as in-process, "active lately" without a log line, cancel, idle exit. */
@Timeout(120)
class EngineServerTest {

	private static final String Q = "SELECT customer_id, name, country FROM \"Sales/Orders\".customers ORDER BY customer_id LIMIT 50";

	static List<List<String>> remote(EngineClient c, String sql) throws Exception {
		try (EngineClient.Remote r = c.run(sql, "test", false, false)) {
			List<List<String>> out = new ArrayList<>();
			while (r.next()) {
				List<String> row = new ArrayList<>();
				for (int i = 0; i < r.columnNames().size(); i++) {
					row.add(r.text(i));
				}
				out.add(row);
			}
			return out;
		}
	}

	@Test
	void answersAsInProcessAndSaysWhetherAnyoneRanAnythingLately(@TempDir Path tmp) throws Exception {
		try (TestLake lake = TestLake.sample(tmp)) {
			MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));
			List<List<String>> local;
			try (Engine e = lake.engine()) {
				local = TestLake.rows(e, Q);
			}
			try (Engine e = lake.engine(clock); EngineServer s = EngineServer.start(lake.home, e,
					new EngineServer.Options(null, () -> {
					}, clock))) {
				EngineClient c = EngineClient.running(lake.home).orElseThrow();
				assertFalse(c.active(Duration.ofMinutes(2)), "nothing ran yet");
				assertFalse(e.started(), "asking does not start DuckDB");
				List<List<String>> got = remote(c, Q);
				assertEquals(50, got.size());
				assertEquals(local, got);
				// more rows than a batch: all arrive, in order
				assertEquals(2000, remote(c, "SELECT customer_id FROM \"Sales/Orders\".customers").size());
				long logBefore = logSize(lake.home);
				assertTrue(c.active(Duration.ofMinutes(2)));
				clock.advance(Duration.ofSeconds(119));
				assertTrue(c.active(Duration.ofMinutes(2)));
				clock.advance(Duration.ofSeconds(2));
				assertFalse(c.active(Duration.ofMinutes(2)));
				assertEquals(logBefore, logSize(lake.home), "asking writes no log line");
				// errors keep their kind
				EngineException missing = assertThrows(EngineException.class,
						() -> remote(c, "SELECT * FROM \"Sales/Orders\".nope"));
				assertEquals(EngineException.Kind.MISSING, missing.kind());
				EngineException refused = assertThrows(EngineException.class,
						() -> remote(c, "SELECT * FROM read_csv('/etc/passwd')"));
				assertEquals(EngineException.Kind.REFUSED, refused.kind());
			}
			assertFalse(Files.exists(EngineServer.socket(lake.home)), "close removes the socket");
		}
	}

	@Test
	void aCellLargerThanTheJsonParsersDefaultLimitArrivesWhole(@TempDir Path tmp) throws Exception {
		// 25,000,000 characters: past Jackson's default of 20,000,000 for one string
		String sql = "SELECT repeat('ab', 12500000) AS v, 1 AS n";
		try (TestLake lake = TestLake.sample(tmp); Engine e = lake.engine();
				EngineServer s = EngineServer.start(lake.home, e, new EngineServer.Options(null, () -> {
				}, Clock.systemUTC()))) {
			List<List<String>> got = remote(EngineClient.running(lake.home).orElseThrow(), sql);
			assertEquals(1, got.size());
			String v = got.get(0).get(0);
			assertEquals(25_000_000, v.length());
			assertTrue(v.startsWith("abab") && v.endsWith("abab"));
			assertEquals("1", got.get(0).get(1));
		}
	}

	private static long logSize(Path home) throws Exception {
		Path f = home.resolve("logs").resolve("lakestudio.log");
		return Files.exists(f) ? Files.size(f) : 0;
	}

	@Test
	void theSocketIsThisUsersAndAnotherUsersConnectionIsRefused(@TempDir Path tmp) throws Exception {
		try (TestLake lake = TestLake.sample(tmp); Engine e = lake.engine()) {
			try (EngineServer s = EngineServer.start(lake.home, e)) {
				assertEquals("rwx------", mode(lake.home));
				assertEquals("rw-------", mode(s.socket()));
				assertEquals("rw-------", mode(s.socket().resolveSibling(s.socket().getFileName() + ".lock")));
				// the kernel's answer for this process's own connection: served
				assertEquals(List.of(List.of("1")), remote(new EngineClient(s.socket()), "SELECT 1"));
			}
			// every connection as if another OS user (uid 65534) made it
			java.nio.file.attribute.UserPrincipal nobody = tmp.getFileSystem().getUserPrincipalLookupService()
					.lookupPrincipalByName("nobody");
			try (EngineServer s = EngineServer.start(lake.home, e, EngineServer.Options.hosted(), c -> nobody)) {
				EngineClient c = new EngineClient(s.socket());
				long ran = e.statementCount();
				EngineException refused = assertThrows(EngineException.class,
						() -> remote(c, "SELECT * FROM \"Sales/Orders\".customers"));
				assertEquals(EngineException.Kind.REFUSED, refused.kind());
				assertTrue(refused.getMessage().contains("the connection is nobody's"), refused.getMessage());
				assertEquals(ran, e.statementCount(), "the engine ran nothing for it");
				assertTrue(Files.readString(lake.home.resolve("logs/lakestudio.log"))
						.contains("refused a connection from nobody"), "said in the log");
			}
		}
	}

	private static String mode(Path p) throws Exception {
		return java.nio.file.attribute.PosixFilePermissions.toString(
				Files.getPosixFilePermissions(p, java.nio.file.LinkOption.NOFOLLOW_LINKS));
	}

	@Test
	void cancelStopsARunningStatementAndTheNextOneRuns(@TempDir Path tmp) throws Exception {
		try (TestLake lake = TestLake.sample(tmp); Engine e = lake.engine();
				EngineServer s = EngineServer.start(lake.home, e)) {
			EngineClient c = new EngineClient(s.socket());
			CompletableFuture<Object> slow = CompletableFuture.supplyAsync(() -> {
				try {
					return remote(c, "SELECT count(*) FROM range(3000000) a, range(3000000) b"
							+ " WHERE a.range + b.range < 0");
				} catch (Exception x) {
					return x;
				}
			});
			Thread.sleep(1500);
			assertFalse(slow.isDone(), "the slow statement is still running");
			long t0 = System.nanoTime();
			c.cancel();
			Object outcome = slow.get(3, TimeUnit.SECONDS);
			long ms = (System.nanoTime() - t0) / 1_000_000;
			assertTrue(outcome instanceof EngineException, String.valueOf(outcome));
			assertTrue(ms < 3000, ms + " ms");
			assertEquals(List.of(List.of("1")), remote(c, "SELECT 1"));
		}
	}

	@Test
	void aStaleSocketIsReplacedAndALiveOneIsNot(@TempDir Path tmp) throws Exception {
		try (TestLake lake = TestLake.sample(tmp); Engine e = lake.engine()) {
			Path socket = EngineServer.socket(lake.home);
			// a server that died: its socket file stays, nobody answers
			try (ServerSocketChannel dead = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
				dead.bind(UnixDomainSocketAddress.of(socket));
			}
			assertTrue(Files.exists(socket));
			assertFalse(EngineClient.answers(socket));
			try (EngineServer s = EngineServer.start(lake.home, e)) {
				assertTrue(EngineClient.answers(socket));
				assertThrows(EngineServer.AlreadyRunning.class, () -> EngineServer.start(lake.home, e));
				assertTrue(EngineClient.answers(socket), "the live one still answers");
			}
		}
	}

	@Test
	void aServerClosingLateLeavesItsSuccessorsSocket(@TempDir Path tmp) throws Exception {
		try (TestLake lake = TestLake.sample(tmp); Engine e = lake.engine()) {
			Path socket = EngineServer.socket(lake.home);
			EngineServer first = EngineServer.start(lake.home, e);
			// the next server (the workbench after stopping a headless one) found the file stale and bound anew
			// before the first one got round to removing its file
			Files.delete(socket);
			try (EngineServer next = EngineServer.start(lake.home, e)) {
				first.close();
				assertTrue(Files.exists(socket), "the first server removed only its own socket file");
				assertTrue(EngineClient.answers(socket), "the next server still answers");
			}
			assertFalse(Files.exists(socket), "a server removes its own file");
		}
	}

	@Test
	void aStateFolderTooDeepForASocketNameStillHasItsEngine(@TempDir Path tmp) throws Exception {
		Path deep = tmp;
		while (deep.toString().length() < 120) {
			deep = deep.resolve("a-project-folder-nested-deep");
		}
		try (TestLake lake = TestLake.sample(deep); Engine e = lake.engine();
				EngineServer s = EngineServer.start(lake.home, e)) {
			assertTrue(s.socket().toString().getBytes(java.nio.charset.StandardCharsets.UTF_8).length <= 107,
					"a socket name Linux takes: " + s.socket());
			EngineClient c = EngineClient.running(lake.home).orElseThrow();
			assertEquals(List.of(List.of("1")), remote(c, "SELECT 1"));
			// another state folder just as deep has an engine of its own
			try (TestLake other = TestLake.sample(deep.resolve("b")); Engine e2 = other.engine();
					EngineServer s2 = EngineServer.start(other.home, e2)) {
				assertNotEquals(s.socket(), s2.socket());
				assertTrue(EngineClient.answers(s.socket()));
				assertTrue(EngineClient.answers(s2.socket()));
			}
			s.close();
			assertFalse(Files.exists(EngineServer.socket(lake.home)), "close removes the socket");
		}
	}

	@Test
	void exitsAfterIdling(@TempDir Path tmp) throws Exception {
		try (TestLake lake = TestLake.sample(tmp); Engine e = lake.engine()) {
			CountDownLatch idled = new CountDownLatch(1);
			EngineServer s = EngineServer.start(lake.home, e,
					new EngineServer.Options(Duration.ofMillis(1000), idled::countDown, Clock.systemUTC()));
			EngineClient c = new EngineClient(s.socket());
			for (int i = 0; i < 4; i++) { // statements keep it up...
				Thread.sleep(500);
				remote(c, "SELECT 1");
			}
			long last = System.nanoTime();
			assertFalse(s.isClosed());
			for (int i = 0; i < 3; i++) { // ...asking whether anyone is active does not (else it closes >= 1.9 s)
				Thread.sleep(300);
				c.active(Duration.ofMinutes(2));
			}
			assertTrue(idled.await(5, TimeUnit.SECONDS), "closed after idling");
			long ms = (System.nanoTime() - last) / 1_000_000;
			assertTrue(ms >= 1000 && ms < 1800, ms + " ms after the last statement");
			assertTrue(s.isClosed());
			assertFalse(Files.exists(s.socket()));
		}
	}
}
