package io.lakestudio.onelake.auth;

import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpTimeoutException;
import java.nio.channels.UnresolvedAddressException;

import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.LakeException.Kind;

/**
 * What a failed connection means for the sync job. No route, no DNS, nothing listening: offline (ask nothing
 * more). No answer in time, or a dropped connection: the service is unavailable (pause, then try again).
 */
public final class Network {

	private Network() {
	}

	public static LakeException failure(URI uri, IOException e) {
		for (Throwable c = e; c != null; c = c.getCause()) {
			if (c instanceof ConnectException || c instanceof NoRouteToHostException
					|| c instanceof UnknownHostException || c instanceof UnresolvedAddressException
					|| c instanceof HttpConnectTimeoutException) {
				return new LakeException(Kind.OFFLINE, "Cannot reach " + uri.getHost() + ": " + e, e);
			}
		}
		if (e instanceof HttpTimeoutException) {
			return new LakeException(Kind.UNAVAILABLE, "No answer from " + uri.getHost() + " in time", e);
		}
		return new LakeException(Kind.UNAVAILABLE, "The connection to " + uri.getHost() + " was dropped: " + e, e);
	}
}
