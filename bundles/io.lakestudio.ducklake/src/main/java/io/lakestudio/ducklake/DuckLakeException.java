package io.lakestudio.ducklake;

/** A DuckLake catalog could not be opened, read or committed to; the message is one line naming the catalog. */
public class DuckLakeException extends Exception {

	private static final long serialVersionUID = 1L;

	public DuckLakeException(String message) {
		super(message);
	}

	public DuckLakeException(String message, Throwable cause) {
		super(message, cause);
	}

	/** Another writer committed a conflicting change since this transaction began. */
	public static final class Conflict extends DuckLakeException {

		private static final long serialVersionUID = 1L;

		public Conflict(String message) {
			super(message);
		}
	}
}
