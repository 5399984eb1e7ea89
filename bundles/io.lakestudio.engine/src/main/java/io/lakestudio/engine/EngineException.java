package io.lakestudio.engine;

/** A statement that did not run: refused by the guard, naming what is missing or not held, or failed. */
public class EngineException extends Exception {

	private static final long serialVersionUID = 1L;

	public enum Kind {
		/** The read-only guard or the lockdown said no. */
		REFUSED,
		/** A name the catalog does not hold, or says is not there. */
		MISSING,
		/** Offline, and what the statement needs was never read. */
		NOT_HELD,
		FAILED
	}

	private final Kind kind;

	public EngineException(Kind kind, String message) {
		this(kind, message, null);
	}

	public EngineException(Kind kind, String message, Throwable cause) {
		super(message, cause);
		this.kind = kind;
	}

	public Kind kind() {
		return kind;
	}
}
