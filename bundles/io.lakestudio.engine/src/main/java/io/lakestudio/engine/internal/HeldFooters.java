package io.lakestudio.engine.internal;

import java.io.IOException;
import java.nio.file.Path;

/**
 * The parsed footers of the disk cache's files, by local file name: read once the whole footer is held, so a
 * statement's chunk lookups don't parse it again. Bounded by their estimated heap bytes, not their count: a wide
 * table's footer with many row groups is a thousand times a narrow one's, and the engine's heap may be capped. A
 * footer forgotten is parsed again from the held bytes when next needed. Not synchronized: always used under the
 * {@link DiskCache}'s lock.
 */
final class HeldFooters {

	/** A session's working set of footers: ~100,000 of a narrow table's, ~200 of a 200-column one's. */
	static final long MAX_BYTES = 32L << 20;

	private final Weighed<String, ParquetFooter.Footer> footers;

	HeldFooters() {
		this(MAX_BYTES);
	}

	HeldFooters(long maxBytes) {
		footers = new Weighed<>(maxBytes, ParquetFooter.Footer::heapBytes);
	}

	/** The footer parsed already, or null (then its chunks can't be known without reading the file). */
	ParquetFooter.Footer parsed(String name) {
		return footers.get(name);
	}

	/** The footer of local copy {@code p}, parsed from the held bytes; fails if the footer is not all held. */
	ParquetFooter.Footer of(Path p, CacheIndex.Entry e) throws IOException {
		ParquetFooter.Footer c = footers.get(e.name);
		if (c == null) {
			byte[] t = SparseFile.read(p, e.size - ParquetFooter.TRAILER, ParquetFooter.TRAILER);
			int len = ParquetFooter.footerLength(t);
			if (!e.held.covers(e.size - len - ParquetFooter.TRAILER, e.size)) {
				throw new IOException("the footer of " + p.getFileName() + " is not held");
			}
			c = ParquetFooter.read(SparseFile.read(p, e.size - len - ParquetFooter.TRAILER, len));
			footers.put(e.name, c);
		}
		return c;
	}

	void forget(String name) {
		footers.remove(name);
	}

	/** The estimated heap bytes of the footers held. */
	long bytes() {
		return footers.bytes();
	}
}
