package io.lakestudio.moraine.store;

/** A KV call that failed; {@link #kind()} says how. */
public class KvException extends Exception {

	private static final long serialVersionUID = 1L;

	public enum Kind {
		/** A batch's expectation did not hold: nothing was written. */
		CONFLICT,
		/** A newer writer has opened the store: this one writes nothing more. */
		FENCED,
		/** A write through a reader. */
		READ_ONLY,
		/** A batch past the store's size bound: nothing was written. */
		TOO_LARGE,
		/** A checkpoint that does not exist (or has expired). */
		NO_SUCH_CHECKPOINT,
		/** The object store failed or holds something unreadable. */
		IO
	}

	private final Kind kind;

	public KvException(Kind kind, String message) {
		this(kind, message, null);
	}

	public KvException(Kind kind, String message, Throwable cause) {
		super(message, cause);
		this.kind = kind;
	}

	public Kind kind() {
		return kind;
	}
}
