package io.lakestudio.engine.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/** A set of disjoint [start, end) byte ranges, adjacent ones merged: what a cached file holds, or what was read of it. */
final class Ranges {

	private final TreeMap<Long, Long> m = new TreeMap<>();

	void add(long s, long e) {
		if (e <= s) {
			return;
		}
		var lo = m.floorEntry(s);
		if (lo != null && lo.getValue() >= s) {
			s = lo.getKey();
			e = Math.max(e, lo.getValue());
		}
		for (var it = m.subMap(s, true, e, true).entrySet().iterator(); it.hasNext();) {
			var x = it.next();
			e = Math.max(e, x.getValue());
			it.remove();
		}
		m.put(s, e);
	}

	boolean covers(long s, long e) {
		if (e <= s) {
			return true;
		}
		var lo = m.floorEntry(s);
		return lo != null && lo.getValue() >= e;
	}

	/** The parts of [s, e) not in the set, in order. */
	List<long[]> missing(long s, long e) {
		List<long[]> out = new ArrayList<>();
		long at = s;
		var lo = m.floorEntry(s);
		if (lo != null && lo.getValue() > at) {
			at = lo.getValue();
		}
		for (var x : m.subMap(s, false, e, false).entrySet()) {
			if (x.getKey() > at) {
				out.add(new long[] { at, x.getKey() });
			}
			at = Math.max(at, x.getValue());
		}
		if (at < e) {
			out.add(new long[] { at, e });
		}
		return out;
	}

	long total() {
		return m.entrySet().stream().mapToLong(x -> x.getValue() - x.getKey()).sum();
	}

	List<long[]> list() {
		return m.entrySet().stream().map(x -> new long[] { x.getKey(), x.getValue() }).toList();
	}
}
