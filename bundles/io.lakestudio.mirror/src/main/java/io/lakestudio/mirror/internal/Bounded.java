package io.lakestudio.mirror.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import io.lakestudio.onelake.LakeException;

/**
 * Requests that do not wait for each other, sent together with at most a bound in flight: over a 20-50 ms round
 * trip, a table's log files or a statement's column chunks one after another would wait that long each. The log
 * copy ({@link Copier}) and the engine's chunk reads both go through here, with {@link #PARALLEL}.
 */
public final class Bounded {

	/**
	 * Reads in flight at once while a statement waits on the lake (a log's files, a wave of chunks): a data read,
	 * not a listing, so the sync job's one request at a time is not for it.
	 */
	public static final int PARALLEL = 8;

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
		Object[] results = new Object[tasks.size()];
		Exception[] failures = run(tasks, parallel, true, results);
		for (Exception e : failures) {
			if (e instanceof LakeException l) {
				throw l;
			} else if (e instanceof IOException i) {
				throw i;
			} else if (e instanceof RuntimeException r) {
				throw r;
			}
		}
		List<T> out = new ArrayList<>();
		for (Object r : results) {
			@SuppressWarnings("unchecked")
			T t = (T) r;
			out.add(t);
		}
		return out;
	}

	/**
	 * Runs every task whatever the others do, at most {@code parallel} at once (one task, or {@code parallel <= 1}:
	 * on this thread), and returns what each failed with, null where it ran through, in order.
	 */
	public static List<Exception> each(List<? extends Task<?>> tasks, int parallel) {
		return Arrays.asList(run(tasks, parallel, false, new Object[tasks.size()]));
	}

	/** Runs the tasks, their results into {@code results}; their failures, by task. */
	private static Exception[] run(List<? extends Task<?>> tasks, int parallel, boolean stopOnFailure,
			Object[] results) {
		Exception[] failures = new Exception[tasks.size()];
		AtomicInteger next = new AtomicInteger();
		AtomicBoolean failed = new AtomicBoolean();
		Runnable worker = () -> {
			for (int i; !(stopOnFailure && failed.get()) && (i = next.getAndIncrement()) < tasks.size();) {
				try {
					results[i] = tasks.get(i).run();
				} catch (LakeException | IOException | RuntimeException e) {
					failures[i] = e;
					failed.set(true);
				}
			}
		};
		if (parallel <= 1 || tasks.size() <= 1) {
			worker.run();
			return failures;
		}
		try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
			for (int w = 0; w < Math.min(parallel, tasks.size()); w++) {
				pool.submit(worker);
			}
		}
		return failures;
	}
}
