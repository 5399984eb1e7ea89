package io.lakestudio.cli.internal;

import java.io.PrintWriter;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import io.lakestudio.moraine.Progress;

/**
 * A long moraine pass on the command line: progress lines on stderr (at most a few a second), and Ctrl-C asking
 * the pass to stop at its next durable batch. The JVM's shutdown waits (up to a minute) for the batch in flight,
 * so a stopped pass is never a torn one; the command then says what landed and exits.
 */
final class StopOnCtrlC implements Progress, AutoCloseable {

	private final String verb;
	private final PrintWriter err;
	private final boolean quiet;
	private final CountDownLatch finished = new CountDownLatch(1);
	private final Thread hook;
	private volatile boolean stop;
	private long lastLine;

	StopOnCtrlC(String verb, PrintWriter err, boolean quiet) {
		this.verb = verb;
		this.err = err;
		this.quiet = quiet;
		this.hook = new Thread(() -> {
			stop = true;
			err.println(verb + ": stopping after the batch in flight ...");
			err.flush();
			try {
				finished.await(60, TimeUnit.SECONDS);
			} catch (InterruptedException e) {
				Thread.currentThread().interrupt();
			}
		}, "lakestudio-moraine-stop");
		Runtime.getRuntime().addShutdownHook(hook);
	}

	boolean stopped() {
		return stop;
	}

	@Override
	public void landed(String what, long done) {
		long now = System.nanoTime();
		if (quiet || now - lastLine < 200_000_000L)
			return;
		lastLine = now;
		err.println(verb + ": " + done + " " + what);
		err.flush();
	}

	@Override
	public boolean stopRequested() {
		return stop;
	}

	@Override
	public void close() {
		finished.countDown();
		try {
			Runtime.getRuntime().removeShutdownHook(hook);
		} catch (IllegalStateException e) {
			// shutting down: the hook is running and was waiting for us
		}
	}
}
