package io.lakestudio.iceberg;

/**
 * An Iceberg table's metadata could not be read or planned, or ({@link #unsupported()}) it needs what is not read
 * here, saying what.
 */
public class IcebergException extends Exception {

	private static final long serialVersionUID = 1L;

	private final boolean unsupported;

	public IcebergException(String message) {
		this(message, null, false);
	}

	public IcebergException(String message, Throwable cause) {
		this(message, cause, false);
	}

	private IcebergException(String message, Throwable cause, boolean unsupported) {
		super(message, cause);
		this.unsupported = unsupported;
	}

	/** The table needs what is not read so far (equality deletes, deletion vectors, ORC or Avro files, ...). */
	public static IcebergException unsupported(String message) {
		return new IcebergException(message, null, true);
	}

	/** True when reading again will not help: the table needs what is not read so far. */
	public boolean unsupported() {
		return unsupported;
	}
}
