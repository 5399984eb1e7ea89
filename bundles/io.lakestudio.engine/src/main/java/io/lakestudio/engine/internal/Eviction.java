package io.lakestudio.engine.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;

/**
 * Which files go when the disk cache is over its budget (the held bytes of all files): whole files, those only
 * warm reads fetched before any that someone's statement read, each kind oldest use first; never one the running
 * statement needs.
 */
final class Eviction {

	private Eviction() {
	}

	/** The entries to drop, in order, for {@code all} to fit {@code maxBytes}; {@code keep}: never these. */
	static List<CacheIndex.Entry> victims(Collection<CacheIndex.Entry> all, long maxBytes,
			Predicate<CacheIndex.Entry> keep) {
		long total = all.stream().mapToLong(e -> e.held.total()).sum();
		List<CacheIndex.Entry> out = new ArrayList<>();
		if (total <= maxBytes) {
			return out;
		}
		List<CacheIndex.Entry> order = new ArrayList<>(all);
		order.sort(Comparator.comparing((CacheIndex.Entry e) -> e.read.total() > 0).thenComparingLong(e -> e.used));
		for (CacheIndex.Entry e : order) {
			if (total <= maxBytes) {
				break;
			}
			if (!keep.test(e)) {
				total -= e.held.total();
				out.add(e);
			}
		}
		return out;
	}
}
