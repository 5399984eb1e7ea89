package io.lakestudio.onelake.fabric;

import java.net.URI;
import java.time.Duration;

/**
 * Where Fabric REST and OneLake DFS are, and how long to wait: settings, so the emulator and other clouds work.
 * {@code requestTimeout} bounds "no answer": past it a call fails as unavailable and the sync job pauses.
 */
public record Endpoints(URI fabric, URI dfs, Duration connectTimeout, Duration requestTimeout) {

	public static final URI FABRIC = URI.create("https://api.fabric.microsoft.com");
	public static final URI DFS = URI.create("https://onelake.dfs.fabric.microsoft.com");

	public static Endpoints of(String fabric, String dfs) {
		return new Endpoints(URI.create(strip(fabric)), URI.create(strip(dfs)), Duration.ofSeconds(10),
				Duration.ofSeconds(60));
	}

	public static Endpoints fabricCloud() {
		return of(FABRIC.toString(), DFS.toString());
	}

	public Endpoints withTimeouts(Duration connect, Duration request) {
		return new Endpoints(fabric, dfs, connect, request);
	}

	private static String strip(String url) {
		return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
	}
}
