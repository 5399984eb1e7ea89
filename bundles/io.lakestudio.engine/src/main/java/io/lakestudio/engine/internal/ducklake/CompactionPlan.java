package io.lakestudio.engine.internal.ducklake;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.FileLineage;
import io.lakestudio.ducklake.FilePartition;
import io.lakestudio.ducklake.ReadPlan;

/**
 * Which of a table's live files a merge or rewrite takes, and in which bins, as the extension picks them. A file
 * goes with the others of its partition (spec and values) and of its schema: a merge writes files whose columns all
 * live on unchanged (same id, name and type) under the latest schema together, each other schema apart; a rewrite
 * keeps every schema apart. Within a group, files in order (first snapshot, first row id, id) fill a bin while its
 * size comes closer to the target file size; a rewrite counts each file's size by its share of rows not deleted.
 * A merge leaves files of the target size or more, with deletes, or alone in their group; at most
 * {@code maxBins} bins, a merge's lone files counting as bins too.
 */
final class CompactionPlan {

	/** One bin: the files it packs, whether they are written under the latest schema, their partition (or null). */
	record Bin(List<ReadPlan.Part> files, boolean latestSchema, FilePartition partition) {
	}

	/** The file size filter of a merge ({@code min_file_size}, {@code max_file_size}; null for none). */
	record SizeFilter(Long min, Long max) {
	}

	private CompactionPlan() {
	}

	/**
	 * The merge's bins of {@code parts} (the table's live files), {@code columnsAt} the table's columns at each file's
	 * first snapshot.
	 */
	static List<Bin> merge(List<ReadPlan.Part> parts, Map<Long, FileLineage> lineage, Map<Long, FilePartition> partitions,
			Set<Long> inlinedDeletes, List<ColumnEntry> latest, Map<Long, List<ColumnEntry>> columnsAt, long target,
			SizeFilter filter, long maxBins) {
		long below = filter.max() != null ? filter.max() : target;
		Map<String, List<ReadPlan.Part>> groups = new LinkedHashMap<>();
		Map<String, Boolean> latestSchema = new HashMap<>();
		for (ReadPlan.Part p : ordered(parts, lineage)) {
			long size = p.data().fileSizeBytes();
			if (size >= below || size >= target || (filter.min() != null && size < filter.min()) || p.deletes() != null
					|| inlinedDeletes.contains(p.data().id())) {
				continue;
			}
			List<ColumnEntry> then = columnsAt.get(p.data().beginSnapshot());
			boolean compatible = preserved(then, fields(latest));
			String key = (compatible ? "latest" : schemaKey(then)) + "|" + partitionKey(partitions.get(p.data().id()));
			groups.computeIfAbsent(key, k -> new ArrayList<>()).add(p);
			latestSchema.put(key, compatible);
		}
		List<Bin> out = new ArrayList<>();
		long[] counted = { 0 };
		for (Map.Entry<String, List<ReadPlan.Part>> g : groups.entrySet()) {
			if (g.getValue().size() > 1 && counted[0] < maxBins) {
				pack(g.getValue(), p -> p.data().fileSizeBytes(), target, true, maxBins, counted, partitions,
						latestSchema.get(g.getKey()), out);
			}
		}
		return out;
	}

	/** The rewrite's bins of {@code heavy} (the live files with deletes enough), each counted by its rows left. */
	static List<Bin> rewrite(List<ReadPlan.Part> heavy, Map<Long, FileLineage> lineage,
			Map<Long, FilePartition> partitions, Map<Long, Long> deleted, Map<Long, List<ColumnEntry>> columnsAt,
			long target, long maxBins) {
		Map<String, List<ReadPlan.Part>> groups = new LinkedHashMap<>();
		for (ReadPlan.Part p : ordered(heavy, lineage)) {
			String key = schemaKey(columnsAt.get(p.data().beginSnapshot())) + "|"
					+ partitionKey(partitions.get(p.data().id()));
			groups.computeIfAbsent(key, k -> new ArrayList<>()).add(p);
		}
		List<Bin> out = new ArrayList<>();
		long[] counted = { 0 };
		for (List<ReadPlan.Part> g : groups.values()) {
			if (counted[0] < maxBins) {
				pack(g, p -> {
					long n = p.data().recordCount();
					double kept = n == 0 ? 0 : 1 - (double) deleted.getOrDefault(p.data().id(), 0L) / n;
					return (long) (p.data().fileSizeBytes() * kept);
				}, target, false, maxBins, counted, partitions, false, out);
			}
		}
		return out;
	}

	private static void pack(List<ReadPlan.Part> group, java.util.function.ToLongFunction<ReadPlan.Part> size,
			long target, boolean merge, long maxBins, long[] counted, Map<Long, FilePartition> partitions,
			boolean latestSchema, List<Bin> out) {
		for (int start = 0; start < group.size() && counted[0] < maxBins; start++) {
			long current = 0;
			int end = start;
			for (; end < group.size(); end++) {
				long s = size.applyAsLong(group.get(end));
				// a file that takes the bin further from the target closes it
				if (current > 0 && Math.abs(current + s - target) >= Math.abs(current - target)) {
					break;
				}
				current += s;
			}
			counted[0]++;
			if (merge && end - start == 1) {
				continue; // nothing to merge it with
			}
			List<ReadPlan.Part> files = List.copyOf(group.subList(start, end));
			out.add(new Bin(files, latestSchema, partitions.get(files.get(0).data().id())));
			start = end - 1;
		}
	}

	/** In the extension's order: first snapshot, first row id, id. */
	private static List<ReadPlan.Part> ordered(List<ReadPlan.Part> parts, Map<Long, FileLineage> lineage) {
		List<ReadPlan.Part> out = new ArrayList<>(parts);
		out.sort(Comparator.comparingLong((ReadPlan.Part p) -> p.data().beginSnapshot())
				.thenComparing(p -> rowIdStart(p, lineage), Comparator.nullsLast(Comparator.naturalOrder()))
				.thenComparingLong(p -> p.data().id()));
		return out;
	}

	static Long rowIdStart(ReadPlan.Part p, Map<Long, FileLineage> lineage) {
		FileLineage l = lineage.get(p.data().id());
		return l == null ? Long.valueOf(p.data().rowIdStart()) : l.rowIdStart();
	}

	/** Whether every column (and field) of {@code older} is in {@code latest} by id with the same name and type. */
	private static boolean preserved(List<ColumnEntry> older, Map<Long, ColumnEntry> latest) {
		for (ColumnEntry c : older) {
			ColumnEntry now = latest.get(c.id());
			if (now == null || !now.name().equals(c.name()) || !now.type().equals(c.type())
					|| !preserved(c.children(), latest)) {
				return false;
			}
		}
		return true;
	}

	private static Map<Long, ColumnEntry> fields(List<ColumnEntry> cols) {
		Map<Long, ColumnEntry> out = new HashMap<>();
		for (ColumnEntry c : cols) {
			out.put(c.id(), c);
			out.putAll(fields(c.children()));
		}
		return out;
	}

	private static String schemaKey(List<ColumnEntry> cols) {
		StringBuilder k = new StringBuilder();
		for (ColumnEntry c : cols) {
			k.append(c.id()).append(':').append(c.name()).append(':').append(c.type()).append('(')
					.append(schemaKey(c.children())).append("),");
		}
		return k.toString();
	}

	private static String partitionKey(FilePartition p) {
		return p == null ? "-" : p.partitionId() + ":" + p.values();
	}
}
