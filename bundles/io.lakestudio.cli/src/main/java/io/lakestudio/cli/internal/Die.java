package io.lakestudio.cli.internal;

/** Ends a command with a message for stderr and an exit code; the only way commands fail. */
public final class Die extends RuntimeException {

	private static final long serialVersionUID = 1L;

	private final int exitCode;

	public Die(int exitCode, String message) {
		super(message);
		this.exitCode = exitCode;
	}

	public int exitCode() {
		return exitCode;
	}
}
