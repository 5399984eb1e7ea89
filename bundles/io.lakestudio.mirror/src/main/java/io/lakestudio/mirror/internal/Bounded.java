package io.lakestudio.mirror.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import io.lakestudio.onelake.LakeException;

/**
 * Requests that do not wait for each other, sent together with at most a bound in flight: over a 20-50 ms round
 * trip, a table's log files one after another would wait that long each.
 */
public final class Bounded {

	/** One request (or a few that depend on each other). */
	public interface Task<T> {
		T run() throws LakeException, IOException;
	}

	private Bounded() {
	}

	/**
	 * Runs every task, at most {@code parallel} at once ({@code <= 1}: one after another on this thread), and
	 * returns their results in order. After a failure no task starts, and a failure is thrown once none runs.
	 */
	public static <T> List<T> all(List<? extends Task<T>> tasks, int parallel) throws LakeException, IOException {
		List<T> out = new ArrayList<>();
		if (parallel <= 1 || tasks.size() <= 1) {
			for (Task<T> t : tasks) {
				out.add(t.run());
			}
			return out;
		}
		Object[] results = new Object[tasks.size()];
		AtomicInteger next = new AtomicInteger();
		AtomicBoolean failed = new AtomicBoolean();
		List<Future<Exception>> workers = new ArrayList<>();
		try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
			for (int w = 0; w < Math.min(parallel, tasks.size()); w++) {
				workers.add(pool.submit(() -> {
					for (int i; !failed.get() && (i = next.getAndIncrement()) < tasks.size();) {
						try {
							results[i] = tasks.get(i).run();
						} catch (LakeException | IOException | RuntimeException e) {
							failed.set(true);
							return e;
						}
					}
					return null;
				}));
			}
		}
		for (Future<Exception> w : workers) {
			Exception e = w.resultNow();
			if (e instanceof LakeException l) {
				throw l;
			} else if (e instanceof IOException i) {
				throw i;
			} else if (e instanceof RuntimeException r) {
				throw r;
			}
		}
		for (Object r : results) {
			@SuppressWarnings("unchecked")
			T t = (T) r;
			out.add(t);
		}
		return out;
	}
}
