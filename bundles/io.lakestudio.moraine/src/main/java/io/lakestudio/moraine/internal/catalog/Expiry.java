package io.lakestudio.moraine.internal.catalog;

import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.TreeSet;

/**
 * Snapshot expiry as DuckLake does it: the snapshots' own rows go, then every ended row no remaining snapshot can
 * see (begin_snapshot <= s < end_snapshot for none of them) with the rows that hang off it; a data or delete file
 * among them is scheduled for deletion rather than forgotten. Dropped indexes stay until maintenance has swept
 * their entries, so their ranges never leak.
 */
final class Expiry {

	/** Rows that belong to one temporal row and go with it, keyed by the leading columns they share. */
	private static final Map<Family, List<Family>> CHILDREN = Map.of(
			Family.DATA_FILE, List.of(Family.FILE_COLUMN_STATS, Family.FILE_VARIANT_STATS,
					Family.FILE_PARTITION_VALUE),
			Family.MACRO, List.of(Family.MACRO_IMPL, Family.MACRO_PARAMETERS),
			Family.PARTITION_INFO, List.of(Family.PARTITION_COLUMN),
			Family.SORT_INFO, List.of(Family.SORT_EXPRESSION));

	private Expiry() {
	}

	static int expire(Rows rows, List<Long> expired, long head, long now) {
		for (long id : expired) {
			if (id >= head)
				throw new io.lakestudio.moraine.MoraineException(io.lakestudio.moraine.MoraineException.Kind.INVALID,
						"snapshot " + id + " is the head (or after it) and cannot be expired");
			rows.one(head, Family.SNAPSHOT, id).ifPresent(rows::delete);
			rows.one(head, Family.SNAPSHOT_CHANGES, id).ifPresent(rows::delete);
		}
		Map<Long, String> folders = folders(rows);
		NavigableSet<Long> kept = new TreeSet<>();
		for (Row r : rows.all(Family.SNAPSHOT))
			kept.add(r.l("snapshot_id"));
		int removed = 0;
		for (Family f : Family.values()) {
			if (!f.temporal())
				continue;
			for (Row r : rows.all(f)) {
				Long end = r.end();
				if (end == null)
					continue;
				Long seen = kept.ceiling(r.begin());
				if (seen != null && seen < end)
					continue;
				if (f == Family.INDEX && !r.b("swept"))
					continue;
				rows.delete(r);
				removed++;
				for (Family child : CHILDREN.getOrDefault(f, List.of()))
					if (!stillReferenced(rows, f, r))
						for (Row c : rows.all(child, id(f, r)))
							rows.delete(c);
				if (f == Family.DATA_FILE || f == Family.DELETE_FILE)
					rows.put(new Row(Family.FILES_SCHEDULED_FOR_DELETION, new Object[] {
							r.l(f == Family.DATA_FILE ? "data_file_id" : "delete_file_id"), r.b("path_is_relative")
									? folders.getOrDefault(r.l("table_id"), "") + r.s("path") : r.s("path"),
							r.b("path_is_relative"), now }));
			}
		}
		return removed;
	}

	/**
	 * Each table's folder under the data path (its schema's path, then its own), read before any row goes: a
	 * scheduled file's path is relative to the data path, as DuckLake's cleanup reads it, not to its table.
	 */
	private static Map<Long, String> folders(Rows rows) {
		Map<Long, String> schemas = new java.util.HashMap<>();
		for (Row r : rows.all(Family.SCHEMA))
			schemas.putIfAbsent(r.l("schema_id"), r.s("path") == null ? "" : r.s("path"));
		Map<Long, String> out = new java.util.HashMap<>();
		for (Row r : rows.all(Family.TABLE))
			out.putIfAbsent(r.l("table_id"), schemas.getOrDefault(r.l("schema_id"), "")
					+ (r.s("path") == null ? "" : r.s("path")));
		return out;
	}

	/** The row's id columns: its key without the begin_snapshot, the prefix its child rows share. */
	private static Object[] id(Family f, Row r) {
		return java.util.Arrays.copyOf(r.key(), f.idColumns);
	}

	/** Whether another version of the same entity (same id, other begin) is still stored. */
	private static boolean stillReferenced(Rows rows, Family f, Row r) {
		return rows.all(f, id(f, r)).stream().anyMatch(o -> o.begin() != r.begin());
	}
}
