package io.lakestudio.engine.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.LakeStore;

/** Fetches byte ranges of a lake file into its local sparse copy, in ranged reads of at most 8 MiB; counts them. */
final class RangeFetch {

	private static final int PIECE = 8 << 20;

	private final LakeStore store;
	private final AtomicLong fetched = new AtomicLong();
	private final AtomicLong requests = new AtomicLong();

	RangeFetch(LakeStore store) {
		this.store = store;
	}

	/** Whether there is a lake to fetch from. */
	boolean online() {
		return store != null;
	}

	/** Fetches {@code ranges} ([start, end) pairs) of {@code lakePath}, {@code size} bytes long, into {@code local}. */
	void fetch(String lakePath, long size, Path local, List<long[]> ranges) throws LakeException, IOException {
		try (SparseFile f = SparseFile.open(local, size)) {
			for (long[] r : ranges) {
				for (long off = r[0]; off < r[1];) {
					byte[] b = store.read(lakePath, off, (int) Math.min(PIECE, r[1] - off));
					requests.incrementAndGet();
					if (b.length == 0) {
						throw new LakeException(LakeException.Kind.FAILED, lakePath + " ended at " + off + " of " + size);
					}
					f.write(off, b);
					off += b.length;
					fetched.addAndGet(b.length);
				}
			}
		}
	}

	long fetchedBytes() {
		return fetched.get();
	}

	long requests() {
		return requests.get();
	}
}
