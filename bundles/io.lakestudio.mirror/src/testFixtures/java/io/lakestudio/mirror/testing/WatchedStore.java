package io.lakestudio.mirror.testing;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.LakeStore;

/**
 * A lake for tests that notes what goes through it: the reads of a table's log files and of its data files
 * ({@code .parquet} outside the log) apart, how many of each were in flight at once, the bytes read of each data
 * file, and who listed a log and how often. Given a delay, each log and data read takes that long first, as a round
 * trip would. Other reads (deletion vectors, say) pass through uncounted. The mirror's and the engine's tests share
 * it (src/testFixtures/java, a test source folder of both).
 */
public final class WatchedStore implements LakeStore {

	private final LakeStore in;
	private final Duration delay;
	public final AtomicInteger logReads = new AtomicInteger();
	public final AtomicInteger logInFlight = new AtomicInteger();
	/** The most log reads in flight at once. */
	public final AtomicInteger logMost = new AtomicInteger();
	public final AtomicInteger dataReads = new AtomicInteger();
	public final AtomicInteger dataInFlight = new AtomicInteger();
	/** The most data reads in flight at once. */
	public final AtomicInteger dataMost = new AtomicInteger();
	/** The bytes read of each data file, by lake path. */
	public final Map<String, AtomicLong> dataBytes = new ConcurrentHashMap<>();
	public final AtomicInteger logListings = new AtomicInteger();
	/** The thread that last listed a log. */
	public volatile Thread logLister;

	public WatchedStore(LakeStore in) {
		this(in, Duration.ZERO);
	}

	public WatchedStore(LakeStore in, Duration delay) {
		this.in = in;
		this.delay = delay;
	}

	@Override
	public List<Entry> list(String dir, boolean recursive) throws LakeException {
		if (dir.endsWith("/_delta_log")) {
			logListings.incrementAndGet();
			logLister = Thread.currentThread();
		}
		return in.list(dir, recursive);
	}

	@Override
	public Entry stat(String path) throws LakeException {
		return in.stat(path);
	}

	@Override
	public byte[] read(String path, long offset, int length) throws LakeException {
		boolean log = path.contains("/_delta_log/");
		if (!log && !path.endsWith(".parquet")) {
			return in.read(path, offset, length);
		}
		(log ? logReads : dataReads).incrementAndGet();
		AtomicInteger now = log ? logInFlight : dataInFlight;
		(log ? logMost : dataMost).accumulateAndGet(now.incrementAndGet(), Math::max);
		try {
			if (!delay.isZero()) {
				Thread.sleep(delay.toMillis());
			}
			byte[] b = in.read(path, offset, length);
			if (!log) {
				dataBytes.computeIfAbsent(path, k -> new AtomicLong()).addAndGet(b.length);
			}
			return b;
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			throw new LakeException(LakeException.Kind.FAILED, "interrupted");
		} finally {
			now.decrementAndGet();
		}
	}
}
