package io.lakestudio.ducklake;

/**
 * How a commit that lost a race for the next snapshot is tried again, as the extension's
 * {@code ducklake_max_retry_count}, {@code ducklake_retry_wait_ms} and {@code ducklake_retry_backoff} say: the
 * loser re-reads the latest snapshot, checks its changes against the winner's (a real conflict is an error at
 * once) and goes in after them. The extension's defaults: 10 retries, 100 ms apart, the wait growing 1.5 times.
 */
public record Retries(long max, long waitMillis, double backoff) {

	public static final Retries DEFAULT = new Retries(10, 100, 1.5);

	public Retries {
		if (max < 0 || waitMillis < 0 || backoff < 1) {
			throw new IllegalArgumentException("retries " + max + ", wait " + waitMillis + " ms, backoff " + backoff);
		}
	}

	/**
	 * The wait before retry {@code n} (from 1): the wait grown by the backoff, jittered by up to a half so that
	 * writers that collided once don't collide again in step.
	 */
	public long waitBefore(int n) {
		double w = waitMillis * Math.pow(backoff, n - 1);
		return (long) (w * (0.5 + java.util.concurrent.ThreadLocalRandom.current().nextDouble(0.5)));
	}
}
