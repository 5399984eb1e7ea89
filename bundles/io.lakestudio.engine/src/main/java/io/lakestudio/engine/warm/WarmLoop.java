package io.lakestudio.engine.warm;

import java.time.Duration;
import java.util.function.BooleanSupplier;

import io.lakestudio.catalog.Catalog;

/**
 * Runs a {@link WarmReader} on a daemon thread: steps it, sleeping what it asks (at most {@code recheck}, so a
 * lease won or a quiet engine is noticed), until {@link #close}. What the process hosting the engine server and
 * holding the lease starts (the workbench, beside its sync job).
 */
public final class WarmLoop implements AutoCloseable {

	private final Thread thread;
	private volatile boolean stopped;

	private WarmLoop(WarmReader reader, Duration recheck) {
		this.thread = Thread.ofPlatform().daemon().name("warm-reads").unstarted(() -> {
			while (!stopped) {
				Duration next;
				try {
					next = reader.step();
				} catch (RuntimeException e) {
					next = recheck; // a catalog hiccup: try again later
				}
				long ms = Math.min(next.toMillis(), recheck.toMillis());
				if (ms > 0) {
					try {
						Thread.sleep(ms);
					} catch (InterruptedException e) {
						return;
					}
				}
			}
		});
	}

	public static WarmLoop start(WarmReader reader, Duration recheck) {
		WarmLoop l = new WarmLoop(reader, recheck);
		l.thread.start();
		return l;
	}

	/** Whether {@code holder} holds the catalog's lease now (what {@link WarmReader} asks before reading). */
	public static BooleanSupplier leaseHeldBy(Catalog catalog, String holder) {
		return () -> catalog.lease().map(l -> l.holder().equals(holder)).orElse(false);
	}

	@Override
	public void close() {
		stopped = true;
		thread.interrupt();
		try {
			thread.join(5000);
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
		}
	}
}
