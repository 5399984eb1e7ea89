package io.lakestudio.moraine;

import java.time.Duration;
import java.util.List;

/**
 * Physical object-store requests issued for one catalog, by kind, retries included: the WAL shares the main store,
 * so its writes are among the PUTs. Times sum completed request latency, so concurrent requests can exceed
 * wall-clock time.
 */
public record ObjectStoreTally(List<Requests> byKind) {

	/** One kind ("GET", "HEAD", "LIST", "PUT", "DELETE"): requests, payload bytes, summed latency. */
	public record Requests(String kind, long requests, long bytes, Duration time) {
	}

	public long requests() {
		return byKind.stream().mapToLong(Requests::requests).sum();
	}

	public long requests(String kind) {
		return byKind.stream().filter(r -> r.kind.equals(kind)).mapToLong(Requests::requests).sum();
	}

	/** PUTs and DELETEs: what a reader with read-only credentials could not send. */
	public long writes() {
		return requests("PUT") + requests("DELETE");
	}
}
