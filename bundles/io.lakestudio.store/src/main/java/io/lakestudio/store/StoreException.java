package io.lakestudio.store;

/** A store call that failed; {@link #kind()} says how, so callers can tell a missing object from an outage. */
public class StoreException extends Exception {

	private static final long serialVersionUID = 1L;

	public enum Kind {
		NOT_FOUND, PRECONDITION_FAILED, FORBIDDEN, UNAUTHORIZED, UNAVAILABLE, DAMAGED, IO
	}

	private final Kind kind;
	private final String path;

	public StoreException(Kind kind, String path, String message) {
		this(kind, path, message, null);
	}

	public StoreException(Kind kind, String path, String message, Throwable cause) {
		super(message, cause);
		this.kind = kind;
		this.path = path;
	}

	public Kind kind() {
		return kind;
	}

	/** The object the call was about, or null. */
	public String path() {
		return path;
	}

	public static StoreException notFound(String path) {
		return new StoreException(Kind.NOT_FOUND, path, "no object at " + path);
	}
}
