package io.lakestudio.onelake;

import java.time.Duration;

/**
 * A lake call that failed, with what the sync job needs to decide: is it a missing path, a throttle (with the
 * server's Retry-After), the service being unavailable, sign-in, a malformed answer, or the network being away.
 */
public class LakeException extends Exception {

	private static final long serialVersionUID = 1L;

	public enum Kind {
		NOT_FOUND, THROTTLED, UNAVAILABLE, UNAUTHORIZED, MALFORMED, OFFLINE, FAILED
	}

	private final Kind kind;
	private final Duration retryAfter;

	public LakeException(Kind kind, String message) {
		this(kind, message, null, null);
	}

	public LakeException(Kind kind, String message, Throwable cause) {
		this(kind, message, null, cause);
	}

	public LakeException(Kind kind, String message, Duration retryAfter, Throwable cause) {
		super(message, cause);
		this.kind = kind;
		this.retryAfter = retryAfter;
	}

	public Kind kind() {
		return kind;
	}

	/** The server's Retry-After, when it gave one. */
	public Duration retryAfter() {
		return retryAfter;
	}
}
