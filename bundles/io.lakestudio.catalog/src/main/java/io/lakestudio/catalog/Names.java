package io.lakestudio.catalog;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
		record Bound(String name, String lower, int bound) {
		}
		List<Bound> bounds = new ArrayList<>(names.size());
		for (String n : names) {
			String l = n.toLowerCase(Locale.ROOT);
			bounds.add(new Bound(n, l, pairs.bound(l)));
		}
		bounds.sort(Comparator.comparingInt(Bound::bound));
		record Scored(String name, int distance) {
		}
		Comparator<Scored> order = Comparator.comparingInt(Scored::distance).thenComparing(Scored::name);
		PriorityQueue<Scored> best = new PriorityQueue<>(order.reversed()); // the worst of the best first
		for (Bound b : bounds) {
			if (best.size() == CLOSEST && b.bound() > best.peek().distance()) {
				break; // no name from here on can come closer than the five found
			}
			best.add(new Scored(b.name(), distance(b.lower(), w)));
			if (best.size() > CLOSEST) {
				best.poll();
			}
		}
		return best.stream().sorted(order).map(Scored::name).toList();
	}

	/** The letter pairs of the wanted name, by slot, and how often each occurs in it. */
	private static final class Pairs {
		private final String wanted;
		private final Map<Integer, Integer> slots = new HashMap<>();
		private final int[] counts;
		private final int[] left;

		Pairs(String wanted) {
			this.wanted = wanted;
			List<Integer> n = new ArrayList<>();
			for (int i = 0; i + 1 < wanted.length(); i++) {
				int slot = slots.computeIfAbsent(pair(wanted, i), k -> slots.size());
				if (slot == n.size()) {
					n.add(0);
				}
				n.set(slot, n.get(slot) + 1);
			}
			counts = n.stream().mapToInt(Integer::intValue).toArray();
			left = new int[counts.length];
		}

		/**
		 * A lower bound of the edit distance of {@code name} and the wanted name: the difference of their lengths,
		 * and half the letter pairs of the longer that the other lacks (one edit changes at most two pairs).
		 */
		int bound(String name) {
			System.arraycopy(counts, 0, left, 0, counts.length);
			int shared = 0;
			for (int i = 0; i + 1 < name.length(); i++) {
				Integer slot = slots.get(pair(name, i));
				if (slot != null && left[slot]-- > 0) {
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

	static int distance(String a, String b) {
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
