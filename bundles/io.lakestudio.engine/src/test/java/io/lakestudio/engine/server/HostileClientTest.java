package io.lakestudio.engine.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.engine.Engine;
import io.lakestudio.engine.TestLake;

/**
 * JSON lines a client of the engine socket may send that no client of ours does: each is refused or timed out
 * with a clear answer, the server keeps serving a well-behaved client meanwhile, and memory stays bounded (peak
 * resident memory printed and held under a bound a 100 MB line read whole would pass).
 */
@Timeout(180)
class HostileClientTest {

	private static final Deadlines.Limits QUICK = new Deadlines.Limits(8 << 20, Duration.ofSeconds(6),
			Duration.ofSeconds(2), 4096);

	/** Threads of their own: the common pool may have one thread, which a blocked client would hold. */
	private static final java.util.concurrent.ExecutorService POOL = java.util.concurrent.Executors
			.newVirtualThreadPerTaskExecutor();

	private static SocketChannel connect(Path socket) throws IOException {
		SocketChannel c = SocketChannel.open(StandardProtocolFamily.UNIX);
		c.connect(UnixDomainSocketAddress.of(socket));
		return c;
	}

	/** The first line the server answers {@code request} with (sent as is). */
	private static String answer(Path socket, byte[] request) throws IOException {
		try (SocketChannel c = connect(socket)) {
			OutputStream out = Channels.newOutputStream(c);
			out.write(request);
			out.flush();
			return new BufferedReader(new InputStreamReader(Channels.newInputStream(c), StandardCharsets.UTF_8))
					.readLine();
		}
	}

	private static void served(EngineClient ok) throws Exception {
		assertEquals(List.of(List.of("2000")), CompletableFuture.supplyAsync(() -> {
			try {
				return EngineServerTest.remote(ok, "SELECT count(*) FROM \"Sales/Orders\".customers");
			} catch (Exception e) {
				throw new IllegalStateException(e);
			}
		}, POOL).get(20, TimeUnit.SECONDS), "a well-behaved client is served meanwhile");
	}

	private static long peakRssKb() throws IOException {
		for (String l : Files.readAllLines(Path.of("/proc/self/status"))) {
			if (l.startsWith("VmHWM:")) {
				return Long.parseLong(l.replaceAll("[^0-9]", ""));
			}
		}
		return -1;
	}

	@Test
	void eachHostileRequestIsRefusedAndOthersAreStillServed(@TempDir Path tmp) throws Exception {
		try (TestLake lake = TestLake.sample(tmp); Engine e = lake.engine();
				EngineServer s = EngineServer.start(lake.home, e, EngineServer.Options.hosted(), Peers.CREDENTIALS,
						QUICK)) {
			EngineClient ok = new EngineClient(s.socket());
			served(ok); // DuckDB started, the table read once: what follows measures the hostile part only
			long before = peakRssKb();

			// a 100 MB line: refused once 8 MB are read, the rest never read
			CompletableFuture<String> huge = CompletableFuture.supplyAsync(() -> {
				try (SocketChannel c = connect(s.socket())) {
					CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
						byte[] mb = "x".repeat(1 << 20).getBytes(StandardCharsets.US_ASCII);
						try {
							OutputStream out = Channels.newOutputStream(c);
							out.write("{\"op\":\"run\",\"sql\":\"".getBytes(StandardCharsets.US_ASCII));
							for (int i = 0; i < 100; i++) {
								out.write(mb);
							}
						} catch (IOException closed) {
							// the server stopped reading: as it should
						}
					}, POOL);
					String line = new BufferedReader(new InputStreamReader(Channels.newInputStream(c),
							StandardCharsets.UTF_8)).readLine();
					c.close();
					writer.join();
					return line;
				} catch (IOException x) {
					return String.valueOf(x);
				}
			}, POOL);
			served(ok);
			String tooLong = huge.get(60, TimeUnit.SECONDS);
			assertTrue(String.valueOf(tooLong).contains("\"REFUSED\"") && tooLong.contains("longer than 8 MB"),
					tooLong);

			// malformed JSON, and an operation nobody knows
			String malformed = answer(s.socket(), "{\"op\":\"run\",\"sql\":\n".getBytes(StandardCharsets.UTF_8));
			assertTrue(String.valueOf(malformed).contains("\"REFUSED\"") && malformed.contains("not a JSON object"),
					malformed);
			String unknown = answer(s.socket(), "{\"op\":\"drop\"}\n".getBytes(StandardCharsets.UTF_8));
			assertTrue(String.valueOf(unknown).contains("\"REFUSED\"") && unknown.contains("unknown request 'drop'"),
					unknown);

			// 1,000 connections opened and left idle: a well-behaved client is served meanwhile; each idle one is
			// told it sent no request in time
			List<SocketChannel> idle = new ArrayList<>();
			try {
				for (int i = 0; i < 1000; i++) {
					idle.add(connect(s.socket()));
				}
				served(ok);
				long t0 = System.nanoTime();
				int told = 0;
				for (SocketChannel c : idle) {
					String line = new BufferedReader(new InputStreamReader(Channels.newInputStream(c),
							StandardCharsets.UTF_8)).readLine();
					told += String.valueOf(line).contains("no request within 6 s") ? 1 : 0;
				}
				assertEquals(1000, told, "every idle connection timed out with a clear answer");
				assertTrue(System.nanoTime() - t0 < TimeUnit.SECONDS.toNanos(30), "within the request timeout");
			} finally {
				for (SocketChannel c : idle) {
					c.close();
				}
			}

			// a client that starts a large result and stops reading: cut off, the engine free for the next
			try (SocketChannel stalled = connect(s.socket())) {
				OutputStream out = Channels.newOutputStream(stalled);
				out.write(("{\"op\":\"run\",\"sql\":\"SELECT c.*, r.range FROM \\\"Sales/Orders\\\".customers c,"
						+ " range(500) r\",\"source\":\"test\"}\n").getBytes(StandardCharsets.UTF_8));
				out.flush();
				Thread.sleep(500); // its statement runs and fills the socket's buffers; nothing is read
				served(ok);
				assertTrue(Files.readString(lake.home.resolve("logs/lakestudio.log"))
						.contains("a client stopped reading its result"), "said in the log");
			}

			long after = peakRssKb();
			System.out.println("HostileClientTest: peak RSS " + before / 1024 + " MB before the hostile clients, "
					+ after / 1024 + " MB after (+" + (after - before) / 1024 + " MB)");
			assertTrue(after - before < 100 * 1024, "peak RSS grew by " + (after - before) / 1024 + " MB");
		}
	}
}
