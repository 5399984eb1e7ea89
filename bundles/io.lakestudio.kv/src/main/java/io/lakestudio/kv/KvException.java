package io.lakestudio.kv;

/** A KV store call that failed; subclasses say why when a caller can act on it. */
public class KvException extends Exception {

	private static final long serialVersionUID = 1L;

	public KvException(String message, Throwable cause) {
		super(message, cause);
	}

	public KvException(String message) {
		super(message);
	}
}
