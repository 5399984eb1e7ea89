package io.lakestudio.cli;

import java.util.List;

import io.lakestudio.emulator.Request;

/** Requests as "METHOD target" lines, for assertions that read like the request log. */
final class RequestTargets {

	private RequestTargets() {
	}

	static List<String> of(List<Request> requests) {
		return requests.stream().map(r -> r.method() + " " + r.target()).toList();
	}
}
