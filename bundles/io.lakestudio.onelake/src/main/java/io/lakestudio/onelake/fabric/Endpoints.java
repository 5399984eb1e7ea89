package io.lakestudio.onelake.fabric;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Where Fabric REST and OneLake DFS are, and how long to wait: settings, so the emulator and other clouds work.
 * {@code requestTimeout} bounds "no answer": past it a call fails as unavailable and the sync job pauses.
 * {@code ca} is an extra certificate (PEM) to trust for these endpoints only, or null: the emulator's loopback
 * HTTPS in tests and demos (DFS needs https: azure-core sends a bearer token over nothing else).
 */
public record Endpoints(URI fabric, URI dfs, Duration connectTimeout, Duration requestTimeout, Path ca) {

	public static final URI FABRIC = URI.create("https://api.fabric.microsoft.com");
	public static final URI DFS = URI.create("https://onelake.dfs.fabric.microsoft.com");

	public static Endpoints of(String fabric, String dfs) {
		return new Endpoints(URI.create(strip(fabric)), URI.create(strip(dfs)), Duration.ofSeconds(10),
				Duration.ofSeconds(60), null);
	}

	public Endpoints withTimeouts(Duration connect, Duration request) {
		return new Endpoints(fabric, dfs, connect, request, ca);
	}

	/** Also trusts the certificates in {@code pem} (null: only the JDK's). */
	public Endpoints trusting(Path pem) {
		return new Endpoints(fabric, dfs, connectTimeout, requestTimeout, pem);
	}

	private static String strip(String url) {
		return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
	}
}
