package io.lakestudio.catalog;

import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.PriorityQueue;

/**
 * Nearest names for "did you mean": edit distance, ignoring case, ties by name. Not an edit distance over every
 * name: each name's shared letter pairs with the wanted one (an index of the wanted name's pairs) give a lower bound
 * of its distance, and names are measured in the order of that bound only until it passes the fifth best distance
 * found, so a 2,000-table lakehouse costs a few distances, not 2,000 (which a just-started JVM runs interpreted).
 */
public final class Names {

	private static final int CLOSEST = 5;

	private Names() {
	}

	public static List<String> closest(List<String> names, String wanted) {
		String w = wanted.toLowerCase(Locale.ROOT);
		Pairs pairs = new Pairs(w);
		int n = names.size();
		int[] bound = new int[n];
		int max = 0;
		for (int i = 0; i < n; i++) {
			bound[i] = pairs.bound(names.get(i).toLowerCase(Locale.ROOT));
			max = Math.max(max, bound[i]);
		}
		// the names in the order of their bounds, small numbers: counted into place, not sorted
		int[] next = new int[max + 2];
		for (int b : bound) {
			next[b + 1]++;
		}
		for (int b = 1; b < next.length; b++) {
			next[b] += next[b - 1];
		}
		int[] order = new int[n];
		for (int i = 0; i < n; i++) {
			order[next[bound[i]]++] = i;
		}
		return closest(Arrays.stream(order).mapToObj(i -> new Candidate(names.get(i), bound[i])).iterator(), wanted);
	}

	/** A name, and a lower bound of its edit distance to the wanted name (ignoring case). */
	public record Candidate(String name, int bound) {
	}

	/**
	 * The closest of names given in the order of a lower bound of their distance (one a query can compute where
	 * the names are): measured only until the bound passes the fifth best distance found. Any lower bound gives
	 * the same answer as measuring every name; a tighter one measures fewer.
	 */
	public static List<String> closest(Iterator<Candidate> byBound, String wanted) {
		String w = wanted.toLowerCase(Locale.ROOT);
		PriorityQueue<Scored> best = new PriorityQueue<>(Collections.reverseOrder()); // the worst of the best first
		while (byBound.hasNext()) {
			Candidate c = byBound.next();
			if (best.size() == CLOSEST && c.bound() > best.peek().distance()) {
				break; // no name from here on can come closer than the five found
			}
			best.add(new Scored(c.name(), distance(c.name().toLowerCase(Locale.ROOT), w)));
			if (best.size() > CLOSEST) {
				best.poll();
			}
		}
		return best.stream().sorted().map(Scored::name).toList();
	}

	/**
	 * A name measured: by distance, then by name. Comparable by hand, not by a Comparator's chain: the JDK spins
	 * that chain's lambdas at every start of the command line (its AOT cache doesn't keep them), ~1 ms each.
	 */
	private record Scored(String name, int distance) implements Comparable<Scored> {
		@Override
		public int compareTo(Scored o) {
			return distance != o.distance ? Integer.compare(distance, o.distance) : name.compareTo(o.name);
		}
	}

	/** The letter pairs of the wanted name, sorted, and how often each occurs in it. */
	private static final class Pairs {
		private final String wanted;
		private final int[] keys;
		private final int[] counts;
		private final int[] left;

		Pairs(String wanted) {
			this.wanted = wanted;
			int[] all = new int[Math.max(0, wanted.length() - 1)];
			for (int i = 0; i < all.length; i++) {
				all[i] = pair(wanted, i);
			}
			Arrays.sort(all);
			int distinct = 0;
			int[] k = new int[all.length];
			int[] c = new int[all.length];
			for (int i = 0; i < all.length; i++) {
				if (distinct == 0 || k[distinct - 1] != all[i]) {
					k[distinct++] = all[i];
				}
				c[distinct - 1]++;
			}
			keys = Arrays.copyOf(k, distinct);
			counts = Arrays.copyOf(c, distinct);
			left = new int[distinct];
		}

		/**
		 * A lower bound of the edit distance of {@code name} and the wanted name: the difference of their lengths,
		 * and half the letter pairs of the longer that the other lacks (one edit changes at most two pairs).
		 */
		int bound(String name) {
			System.arraycopy(counts, 0, left, 0, counts.length);
			int shared = 0;
			for (int i = 0; i + 1 < name.length(); i++) {
				int slot = Arrays.binarySearch(keys, pair(name, i));
				if (slot >= 0 && left[slot]-- > 0) {
					shared++;
				}
			}
			int lacking = Math.max(name.length(), wanted.length()) - 1 - shared;
			return Math.max(Math.abs(name.length() - wanted.length()), (lacking + 1) / 2);
		}
	}

	private static int pair(String s, int i) {
		return s.charAt(i) << 16 | s.charAt(i + 1);
	}

	public static int distance(String a, String b) {
		int[] prev = new int[b.length() + 1];
		int[] cur = new int[b.length() + 1];
		for (int j = 0; j <= b.length(); j++) {
			prev[j] = j;
		}
		for (int i = 1; i <= a.length(); i++) {
			cur[0] = i;
			for (int j = 1; j <= b.length(); j++) {
				int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
				cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
			}
			int[] t = prev;
			prev = cur;
			cur = t;
		}
		return prev[b.length()];
	}
}
