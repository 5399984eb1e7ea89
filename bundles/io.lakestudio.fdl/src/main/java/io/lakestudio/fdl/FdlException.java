package io.lakestudio.fdl;

/**
 * A refusal of the specification, or a store that failed under it. {@link #refusal()} says which, and with it the
 * HTTP status and error code a host answers; {@link #path()} names the object it is about.
 */
public class FdlException extends Exception {

	private static final long serialVersionUID = 1L;

	/** The refusals of docs/fdl-0.1.md, with the status and "error" code of "Pushing over HTTP". */
	public enum Refusal {
		MALFORMED(400, "malformed"), UNAUTHORIZED(401, "unauthorized"), FORBIDDEN(403, "forbidden"),
		NOT_FOUND(404, "not-found"), NOT_FAST_FORWARD(409, "not-fast-forward"), MISSING(409, "missing"),
		CONDITION_FAILED(412, "condition-failed"), TOO_LARGE(413, "too-large"),
		/** A record signed by a key the reader does not trust (reading only). */
		UNTRUSTED(403, "untrusted"),
		/** A withdrawn version opened without force (reading only). */
		WITHDRAWN(403, "withdrawn"),
		/** The store failed (not a refusal of the format). */
		STORE(503, "store");

		public final int status;
		public final String code;

		Refusal(int status, String code) {
			this.status = status;
			this.code = code;
		}
	}

	private final Refusal refusal;
	private final String path;

	public FdlException(Refusal refusal, String path, String message) {
		this(refusal, path, message, null);
	}

	public FdlException(Refusal refusal, String path, String message, Throwable cause) {
		super(path == null || message.startsWith(path + ": ") ? message : path + ": " + message, cause);
		this.refusal = refusal;
		this.path = path;
	}

	public Refusal refusal() {
		return refusal;
	}

	/** The object the refusal is about, or null. */
	public String path() {
		return path;
	}

	public static FdlException malformed(String path, String why) {
		return new FdlException(Refusal.MALFORMED, path, why);
	}

	public static FdlException missing(String path, String why) {
		return new FdlException(Refusal.MISSING, path, why);
	}
}
