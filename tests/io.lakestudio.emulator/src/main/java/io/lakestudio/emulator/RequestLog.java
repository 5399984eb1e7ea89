package io.lakestudio.emulator;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/** Every request the emulator received, in arrival order. */
public final class RequestLog {

	private final List<Request> requests = new ArrayList<>();

	synchronized void add(Request r) {
		requests.add(r);
	}

	public synchronized List<Request> all() {
		return List.copyOf(requests);
	}

	public synchronized int size() {
		return requests.size();
	}

	public synchronized void clear() {
		requests.clear();
	}

	public List<Request> matching(Predicate<Request> p) {
		return all().stream().filter(p).toList();
	}

	/** Requests whose path and query contain {@code text}. */
	public List<Request> containing(String text) {
		return matching(r -> r.target().contains(text));
	}

	/** The most requests of {@code which} that fell in any window of {@code window} (sliding, by arrival time). */
	public int mostIn(Duration window, Predicate<Request> which) {
		List<Instant> times = matching(which).stream().map(Request::at).sorted().toList();
		int most = 0;
		int start = 0;
		for (int end = 0; end < times.size(); end++) {
			while (!times.get(start).plus(window).isAfter(times.get(end))) {
				start++;
			}
			most = Math.max(most, end - start + 1);
		}
		return most;
	}

	/** Requests received in {@code [from, to)}. */
	public List<Request> between(Instant from, Instant to) {
		return matching(r -> !r.at().isBefore(from) && r.at().isBefore(to));
	}

	public static List<String> targets(List<Request> requests) {
		return new ArrayList<>(requests.stream().map(r -> r.method() + " " + r.target()).toList());
	}
}
