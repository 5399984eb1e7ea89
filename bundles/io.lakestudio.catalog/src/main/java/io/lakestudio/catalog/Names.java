package io.lakestudio.catalog;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** Nearest names for "did you mean": edit distance, ignoring case, ties by name. */
public final class Names {

	private static final int CLOSEST = 5;

	private Names() {
	}

	public static List<String> closest(List<String> names, String wanted) {
		String w = wanted.toLowerCase(Locale.ROOT);
		record Scored(String name, int distance) {
		}
		return names.stream().map(n -> new Scored(n, distance(n.toLowerCase(Locale.ROOT), w)))
				.sorted(Comparator.comparingInt(Scored::distance).thenComparing(Scored::name)).limit(CLOSEST)
				.map(Scored::name).toList();
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
