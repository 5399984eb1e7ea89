package io.lakestudio.identity;

/** Why a sign-in or a silent token didn't work; the message is for the user and never holds a token. */
public final class SignInException extends Exception {

	private static final long serialVersionUID = 1L;

	public enum Kind {
		/** Nothing silent works: the user must sign in ({@code lakestudio login}). */
		REQUIRED,
		/** The device code expired before it was used. */
		EXPIRED,
		/** The user declined, or the sign-in was cancelled. */
		DECLINED,
		/** The authority asked to poll slower and MSAL gave up. */
		SLOW_DOWN,
		/** No browser to open (headless). */
		NO_BROWSER,
		/** The authority couldn't be reached. */
		OFFLINE,
		/** Anything else. */
		FAILED
	}

	private final Kind kind;

	public SignInException(Kind kind, String message, Throwable cause) {
		super(message, cause);
		this.kind = kind;
	}

	public Kind kind() {
		return kind;
	}
}
