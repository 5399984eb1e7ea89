package io.lakestudio.engine.internal;

import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.IntPredicate;

/**
 * What a statement needing some columns of a cached file lacks, said without asking the lake (offline, or the lake
 * away), so that one message names everything missing: "the file" when not even its footer is held, "the whole
 * file" when it was wanted whole, else the columns with chunks not held.
 */
final class OfflineGaps {

	/** The footer of a file whose tail is held. */
	interface Footer {
		ParquetFooter.Footer read() throws IOException;
	}

	private OfflineGaps() {
	}

	/**
	 * @param e       the file's index entry, or null if none
	 * @param there   whether the local file exists
	 * @param columns top-level physical names, lower case; null: the whole file
	 * @param skip    the row groups not read (null: none)
	 */
	static List<String> of(CacheIndex.Entry e, boolean there, Set<String> columns, IntPredicate skip, Footer footer)
			throws IOException {
		if (e == null || !there) {
			return List.of("the file");
		}
		if (columns == null) {
			return e.held.covers(0, e.size) ? List.of() : List.of("the whole file");
		}
		long tail = Math.min(e.size, ParquetFooter.TAIL);
		if (!e.held.covers(e.size - tail, e.size)) {
			return List.of("the file");
		}
		TreeSet<String> out = new TreeSet<>();
		for (ParquetFooter.Chunk c : footer.read().chunks()) {
			if (columns.contains(c.column().toLowerCase(Locale.ROOT)) && (skip == null || !skip.test(c.rowGroup()))
					&& !e.held.covers(c.offset(), c.offset() + c.length())) {
				out.add("column " + c.column());
			}
		}
		return List.copyOf(out);
	}
}
