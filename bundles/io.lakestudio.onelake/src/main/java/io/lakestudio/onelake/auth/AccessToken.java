package io.lakestudio.onelake.auth;

import java.time.Instant;

/** A bearer token and when it expires. {@link #toString()} never shows the token, so logging one is harmless. */
public record AccessToken(String value, Instant expiresOn) {

	public boolean validAt(Instant now) {
		return expiresOn.isAfter(now);
	}

	@Override
	public String toString() {
		return "AccessToken[expiresOn=" + expiresOn + "]";
	}
}
