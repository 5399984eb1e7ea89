package io.lakestudio.engine.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.IntPredicate;

import io.lakestudio.catalog.LakeTable;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;
import io.lakestudio.onelake.LakeException;

/**
 * Holds one table's files for a statement in the disk cache, Delta or Iceberg alike. Offline (or the lake away),
 * a file not held is gathered with what of it is missing, and {@link #done} says it all at once.
 */
final class Holding {

	private final DiskCache cache;
	private final LakeTable table;
	private final boolean offline;
	private final Set<String> lacking = new TreeSet<>();
	private int files;
	private int missing;
	private long missingBytes;

	Holding(DiskCache cache, LakeTable table, boolean offline) {
		this.cache = cache;
		this.table = table;
		this.offline = offline;
	}

	/**
	 * The local copy of a file of the table ({@code path} relative to it) holding its tail and the chunks of
	 * {@code physical} (null: the whole file) but those of the row groups {@code skip} names (null: none); null
	 * when it can't be had now (see {@link #done}).
	 */
	Path hold(String path, long size, Set<String> physical, IntPredicate skip) throws EngineException {
		files++;
		String lakePath = table.location() + "/" + path;
		try {
			if (physical != null && physical.isEmpty() && cache.holds(lakePath, size, physical)) {
				return cache.local(lakePath, size); // the footer, held: nothing to fetch or record
			}
			return cache.fetchColumns(lakePath, size, physical, skip, offline, false);
		} catch (LakeException e) {
			if (e.kind() != LakeException.Kind.OFFLINE && e.kind() != LakeException.Kind.UNAVAILABLE) {
				throw new TableReadFailed(table, "cannot fetch " + lakePath + ": " + e.getMessage(), e);
			}
			missing++;
			missingBytes += size;
			try {
				lacking.addAll(cache.missing(lakePath, size, physical, skip));
			} catch (IOException x) {
				lacking.add("the file");
			}
			return null;
		} catch (IOException e) {
			throw new TableReadFailed(table, "cannot read " + lakePath + ": " + e.getMessage(), e);
		}
	}

	/** Says what the statement needs that isn't held, if anything. */
	void done() throws EngineException {
		if (missing > 0) {
			throw new EngineException(Kind.NOT_HELD, "offline: " + missing + " of the " + files + " files of "
					+ table.location() + " this statement needs are not held (" + (missingBytes >> 10) + " KiB of files)"
					+ (lacking.isEmpty() ? "" : "; missing: " + String.join(", ", lacking)));
		}
	}
}
