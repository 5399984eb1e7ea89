package io.lakestudio.onelake.fabric;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpTimeoutException;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.TimeoutException;

import com.azure.core.exception.HttpResponseException;
import com.azure.core.http.HttpResponse;

import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.LakeException.Kind;
import io.lakestudio.onelake.auth.Network;

/**
 * What a failed DFS SDK call means for the sync job, the same kinds {@link Http} gives Fabric REST: the exact
 * status (401/403 sign in, 404 not found, 429 throttled and 5xx unavailable with the server's Retry-After), an
 * answer that can't be read (malformed), or the network (offline, no answer in time, a dropped connection).
 */
final class DfsFailures {

	private DfsFailures() {
	}

	static LakeException of(String what, URI uri, RuntimeException e, Clock clock) {
		for (Throwable c = e; c != null; c = c.getCause()) {
			if (c instanceof StorageCredential.Refused r) {
				return r.failure;
			}
			if (c instanceof LakeException l) { // the token source's, re-wrapped by azure-core's token cache
				return l;
			}
			if (c instanceof HttpResponseException h && h.getResponse() != null) {
				return h.getResponse().getStatusCode() < 300
						? new LakeException(Kind.MALFORMED, what + ": the answer cannot be read: " + h.getMessage(), h)
						: status(what, h.getResponse(), h, clock);
			}
			if (c instanceof HttpTimeoutException || c instanceof TimeoutException) {
				return new LakeException(Kind.UNAVAILABLE, "No answer from " + uri.getHost() + " in time", e);
			}
			if (parseError(c)) {
				break;
			}
			if (c instanceof IOException io) {
				return Network.failure(uri, io);
			}
		}
		return new LakeException(Kind.MALFORMED, what + ": the answer cannot be read: " + e.getMessage(), e);
	}

	/**
	 * A parse error of the SDK's readers (azure-json's shaded Jackson, azure-xml, Jackson): the answer was there but
	 * broken, e.g. a listing cut off mid-JSON. These are IOExceptions too, and must not read as a dropped connection.
	 */
	private static boolean parseError(Throwable c) {
		String name = c.getClass().getName();
		return name.startsWith("com.azure.json.") || name.startsWith("com.azure.xml.")
				|| c instanceof com.fasterxml.jackson.core.JsonProcessingException;
	}

	/** An answer of status 300 or more, as its kind; {@code cause} (may be null) is the SDK's exception of it. */
	static LakeException status(String what, HttpResponse r, Throwable cause, Clock clock) {
		int status = r.getStatusCode();
		String code = r.getHeaderValue("x-ms-error-code");
		String message = what + ": " + status + (code == null ? "" : " " + code);
		Duration retryAfter = Http.retryAfter(r.getHeaderValue("Retry-After"), clock);
		return switch (status) {
		case 401, 403 -> new LakeException(Kind.UNAUTHORIZED, message, cause);
		case 404 -> new LakeException(Kind.NOT_FOUND, message, cause);
		case 429 -> new LakeException(Kind.THROTTLED, message, retryAfter, cause);
		default -> status >= 500 ? new LakeException(Kind.UNAVAILABLE, message, retryAfter, cause)
				: new LakeException(Kind.FAILED, message, cause);
		};
	}
}
