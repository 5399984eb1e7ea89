package io.lakestudio.onelake.fabric;

import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import com.azure.core.credential.TokenCredential;
import com.azure.core.credential.TokenRequestContext;

import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.auth.AccessToken;
import io.lakestudio.onelake.auth.TokenSource;

import reactor.core.publisher.Mono;

/**
 * Our {@link TokenSource} as azure-core's {@link TokenCredential}, for the DFS client's bearer policy. That policy
 * keeps the token and asks again only when it nears expiry or the server refused it (a 401 challenge), so each ask
 * first forgets the token handed out last: the source then gets a fresh one rather than the refused one. A
 * {@link LakeException} (sign in, offline) travels out of the pipeline inside {@link Refused} and is unwrapped by
 * {@link DfsFailures}. The SDK's cache judges expiry by the system clock and our sources by theirs (a test's may
 * be months away), so the SDK is told the token's remaining lifetime, not its instant.
 */
final class StorageCredential implements TokenCredential {

	/** The source's failure, carried through azure-core unchanged. */
	static final class Refused extends RuntimeException {
		private static final long serialVersionUID = 1L;
		final transient LakeException failure;

		Refused(LakeException failure) {
			super(failure.getMessage(), failure);
			this.failure = failure;
		}
	}

	private final TokenSource tokens;
	private final Clock clock;
	private volatile AccessToken last;

	StorageCredential(TokenSource tokens, Clock clock) {
		this.tokens = tokens;
		this.clock = clock;
	}

	@Override
	public Mono<com.azure.core.credential.AccessToken> getToken(TokenRequestContext request) {
		return Mono.fromCallable(() -> getTokenSync(request));
	}

	@Override
	public com.azure.core.credential.AccessToken getTokenSync(TokenRequestContext request) {
		AccessToken old = last;
		if (old != null) {
			tokens.invalidate(TokenSource.STORAGE_SCOPE, old);
		}
		try {
			AccessToken t = tokens.token(TokenSource.STORAGE_SCOPE);
			last = t;
			Duration left = Duration.between(clock.instant(), t.expiresOn());
			return new com.azure.core.credential.AccessToken(t.value(), OffsetDateTime.now(ZoneOffset.UTC).plus(left));
		} catch (LakeException e) {
			throw new Refused(e);
		}
	}

	@Override
	public String toString() {
		return "StorageCredential"; // never the token
	}
}
