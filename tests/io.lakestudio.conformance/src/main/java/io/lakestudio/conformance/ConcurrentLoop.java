package io.lakestudio.conformance;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReferenceArray;

import io.lakestudio.conformance.Command.Loop;
import io.lakestudio.conformance.FileRun.Ctx;
import io.lakestudio.conformance.FileRun.Failed;

/**
 * {@code concurrentloop}/{@code concurrentforeach}: every iteration at once, each on a thread and a connection of
 * its own (as DuckDB's runner does); the first iteration (in loop order) that failed fails the loop.
 */
final class ConcurrentLoop {

	private ConcurrentLoop() {
	}

	static void run(FileRun run, Loop l, Ctx ctx) throws Failed {
		List<String> values = l.values();
		AtomicReferenceArray<String> failures = new AtomicReferenceArray<>(values.size());
		List<Thread> threads = new ArrayList<>();
		for (int i = 0; i < values.size(); i++) {
			int n = i;
			Thread t = new Thread(() -> {
				SqlSession s = null;
				try {
					s = run.connect();
					run.execute(l.body(), new Ctx(ctx.with(l.variable(), values.get(n)).loops(), s));
				} catch (Failed e) {
					failures.set(n, e.getMessage());
				} catch (FileRun.Skip | FileRun.Halt e) {
					failures.set(n, "require/halt inside a concurrent loop (line " + l.line() + ")");
				} catch (RuntimeException e) {
					failures.set(n, "runner error: " + e);
				} finally {
					if (s != null) {
						run.sessions.remove(s);
						s.close();
					}
				}
			}, "concurrentloop-" + l.variable() + "-" + values.get(i));
			t.setDaemon(true);
			threads.add(t);
			t.start();
		}
		for (Thread t : threads) {
			try {
				t.join();
			} catch (InterruptedException e) {
				Thread.currentThread().interrupt();
				throw new Failed("interrupted in the concurrent loop of line " + l.line());
			}
		}
		for (int i = 0; i < values.size(); i++) {
			if (failures.get(i) != null) {
				throw new Failed(failures.get(i) + " (in the concurrent loop of line " + l.line() + ", " + l.variable()
						+ "=" + values.get(i) + ")");
			}
		}
	}
}
