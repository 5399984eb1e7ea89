package io.lakestudio.mirror.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.lakestudio.onelake.LakeStore.Entry;

/**
 * Chooses, from a listing of a table's {@code _delta_log/}, what a reader of the latest snapshot needs: the latest
 * complete checkpoint (single file, every part of a multipart one, or a v2 checkpoint with the sidecars), the
 * commit at its version and every commit after it. {@code _last_checkpoint} is left out on purpose: Kernel finds
 * the checkpoint by listing, and a hint naming a checkpoint the mirror never copied would mislead it.
 */
public final class LogFiles {

	private static final Pattern COMMIT = Pattern.compile("(\\d{20})\\.json");
	private static final Pattern CLASSIC = Pattern.compile("(\\d{20})\\.checkpoint\\.parquet");
	private static final Pattern MULTIPART = Pattern.compile("(\\d{20})\\.checkpoint\\.(\\d{10})\\.(\\d{10})\\.parquet");
	private static final Pattern V2 = Pattern.compile("(\\d{20})\\.checkpoint\\.[0-9a-fA-F-]{36}\\.(json|parquet)");

	/** A chosen file: its name under {@code _delta_log/} and its listing entry. */
	public record Wanted(String name, Entry entry) {
	}

	private LogFiles() {
	}

	/** @param entries the listing, with names relative to {@code _delta_log/} as keys */
	public static List<Wanted> choose(Map<String, Entry> entries) {
		Map<Long, List<String>> checkpoints = new TreeMap<>();
		Map<Long, Map<Integer, String>> parts = new HashMap<>();
		Map<Long, Integer> partCounts = new HashMap<>();
		for (String name : entries.keySet()) {
			Matcher m;
			if ((m = CLASSIC.matcher(name)).matches() || (m = V2.matcher(name)).matches()) {
				checkpoints.computeIfAbsent(Long.parseLong(m.group(1)), v -> new ArrayList<>()).add(name);
			} else if ((m = MULTIPART.matcher(name)).matches()) {
				long v = Long.parseLong(m.group(1));
				parts.computeIfAbsent(v, x -> new TreeMap<>()).put(Integer.parseInt(m.group(2)), name);
				partCounts.put(v, Integer.parseInt(m.group(3)));
			}
		}
		parts.forEach((v, p) -> {
			if (p.size() == partCounts.get(v)) {
				checkpoints.computeIfAbsent(v, x -> new ArrayList<>()).addAll(p.values());
			}
		});
		long cpVersion = -1;
		List<String> cpFiles = List.of();
		for (Map.Entry<Long, List<String>> e : checkpoints.entrySet()) {
			cpVersion = e.getKey();
			cpFiles = e.getValue();
		}
		List<Wanted> out = new ArrayList<>();
		for (String name : cpFiles) {
			out.add(new Wanted(name, entries.get(name)));
		}
		boolean v2 = cpFiles.stream().anyMatch(n -> V2.matcher(n).matches());
		for (Map.Entry<String, Entry> e : entries.entrySet()) {
			String name = e.getKey();
			Matcher m = COMMIT.matcher(name);
			if (m.matches() && Long.parseLong(m.group(1)) >= cpVersion) {
				out.add(new Wanted(name, e.getValue()));
			} else if (v2 && name.startsWith("_sidecars/") && !e.getValue().directory()) {
				// sidecars are immutable and few; which ones the checkpoint names is only known after reading it
				out.add(new Wanted(name, e.getValue()));
			}
		}
		return out;
	}

	/** The version of a commit file name, or -1. */
	public static long commitVersion(String name) {
		Matcher m = COMMIT.matcher(name);
		return m.matches() ? Long.parseLong(m.group(1)) : -1;
	}
}
