package io.lakestudio.catalog;

/** The catalog file could not be opened, read or written; the message says which file and why. */
public class CatalogException extends RuntimeException {

	private static final long serialVersionUID = 1L;

	public CatalogException(String message, Throwable cause) {
		super(message, cause);
	}

	public CatalogException(String message) {
		super(message);
	}
}
