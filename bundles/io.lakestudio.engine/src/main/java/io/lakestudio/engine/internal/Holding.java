package io.lakestudio.engine.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.IntPredicate;

import io.lakestudio.catalog.LakeTable;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;
import io.lakestudio.onelake.LakeException;

/**
 * Holds one table's files for a statement in the disk cache, Delta or Iceberg alike: the files are gathered with
 * {@link #hold} and fetched together by {@link #done} (see {@link DiskCache#fetchAll}). Offline (or the lake away),
 * the files not held are gathered with what of each is missing, and {@link #done} says it all at once.
 */
final class Holding {

	private final DiskCache cache;
	private final LakeTable table;
	private final boolean offline;
	private final List<String> paths = new ArrayList<>();
	private final List<DiskCache.Want> wants = new ArrayList<>();
	private final Map<String, Path> held = new LinkedHashMap<>();

	Holding(DiskCache cache, LakeTable table, boolean offline) {
		this.cache = cache;
		this.table = table;
		this.offline = offline;
	}

	/**
	 * Holds a file of the table ({@code path} relative to it): its tail and the chunks of {@code physical} (null:
	 * the whole file) but those of the row groups {@code skip} names (null: none).
	 */
	void hold(String path, long size, Set<String> physical, IntPredicate skip) {
		String lakePath = table.location() + "/" + path;
		if (physical != null && physical.isEmpty() && cache.holds(lakePath, size, physical)) {
			held.put(path, cache.local(lakePath, size)); // the footer, held: nothing to fetch or record
			return;
		}
		paths.add(path);
		wants.add(new DiskCache.Want(lakePath, size, physical, skip));
	}

	/**
	 * Fetches what the files lack; their local copies by relative path, in the order they were given. Says what the
	 * statement needs that isn't held, if anything.
	 */
	Map<String, Path> done() throws EngineException {
		List<DiskCache.Got> got = cache.fetchAll(wants, offline, false);
		Set<String> lacking = new TreeSet<>();
		int missing = 0;
		long missingBytes = 0;
		for (int i = 0; i < got.size(); i++) {
			DiskCache.Want w = wants.get(i);
			Exception failure = got.get(i).failure();
			if (failure == null) {
				held.put(paths.get(i), got.get(i).local());
			} else if (failure instanceof LakeException e && (e.kind() == LakeException.Kind.OFFLINE
					|| e.kind() == LakeException.Kind.UNAVAILABLE)) {
				missing++;
				missingBytes += w.size();
				try {
					lacking.addAll(cache.missing(w.lakePath(), w.size(), w.columns(), w.skip()));
				} catch (IOException x) {
					lacking.add("the file");
				}
			} else if (failure instanceof RuntimeException e) {
				throw e;
			} else if (failure instanceof LakeException e) {
				throw new TableReadFailed(table, "cannot fetch " + w.lakePath() + ": " + e.getMessage(), e);
			} else {
				throw new TableReadFailed(table, "cannot read " + w.lakePath() + ": " + failure.getMessage(), failure);
			}
		}
		if (missing > 0) {
			throw new EngineException(Kind.NOT_HELD, "offline: " + missing + " of the " + (held.size() + missing)
					+ " files of " + table.location() + " this statement needs are not held (" + (missingBytes >> 10)
					+ " KiB of files)" + (lacking.isEmpty() ? "" : "; missing: " + String.join(", ", lacking)));
		}
		return held;
	}
}
