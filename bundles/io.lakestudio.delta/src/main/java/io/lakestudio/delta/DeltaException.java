package io.lakestudio.delta;

/** A Delta table could not be read or written; the message names the table and what is wrong with it. */
public class DeltaException extends Exception {

	private static final long serialVersionUID = 1L;

	public DeltaException(String message) {
		super(message);
	}

	public DeltaException(String message, Throwable cause) {
		super(message, cause);
	}
}
