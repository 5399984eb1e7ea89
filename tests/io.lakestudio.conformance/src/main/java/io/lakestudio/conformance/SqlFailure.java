package io.lakestudio.conformance;

/** A statement that did not run: the message is what {@code statement error} compares with its expected text. */
public class SqlFailure extends Exception {

	private static final long serialVersionUID = 1L;

	public SqlFailure(String message) {
		super(message);
	}

	public SqlFailure(String message, Throwable cause) {
		super(message, cause);
	}
}
