package io.lakestudio.identity;

import java.time.Instant;

/** A bearer token and when it expires. {@link #toString()} never shows the token. */
public record Token(String value, Instant expiresOn) {

	@Override
	public String toString() {
		return "Token[expiresOn=" + expiresOn + "]";
	}
}
