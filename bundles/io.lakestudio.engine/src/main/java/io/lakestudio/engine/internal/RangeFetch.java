package io.lakestudio.engine.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import io.lakestudio.mirror.internal.Bounded;
import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.LakeStore;

/**
 * Fetches byte ranges of lake files into their local sparse copies. A statement's ranges go out together, at most
 * {@link Bounded#PARALLEL} ranged reads in flight (through {@link Bounded}, as the log's files): over OneLake's
 * 20-50 ms round trips, 300 chunks one after another would wait seconds on latency alone. Ranges of a file closer
 * than {@link #GAP} are asked as one (the bytes between are kept too), and so are ranges further apart when that
 * saves the wave a round trip for fewer bytes than a round trip is worth ({@link #ROUND_TRIP_BYTES}); none is
 * longer than 8 MiB.
 */
final class RangeFetch {

	/** A gap small enough to fetch rather than wait a round trip for (a few ms at 10 MB/s). */
	static final long GAP = 16 << 10;
	/**
	 * What a round trip is worth in bytes (~25 ms at 80 MB/s): a wave of reads takes one round trip per
	 * {@link Bounded#PARALLEL} of them, so closing the gaps that save it one costs less than the round trip while
	 * the bytes they add, spread over the reads in flight, stay under this.
	 */
	static final long ROUND_TRIP_BYTES = 2 << 20;
	private static final int PIECE = 8 << 20;

	/** One file's ranges to fetch: [start, end) pairs, sorted and disjoint. */
	record Job(String lakePath, long size, Path local, List<long[]> ranges) {
	}

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

	/**
	 * The jobs of one wave as their ranges will be asked: each file's ranges with the gaps under {@link #GAP}
	 * closed; then, while the wave takes more than one round trip, the smallest gaps (over all files) whose closing
	 * leaves it one round trip fewer, if the bytes they add stay under {@link #ROUND_TRIP_BYTES}. One pass over the
	 * gaps, smallest first: each round trip saved costs at least what the one before did.
	 */
	static List<Job> coalesced(List<Job> jobs) {
		int parallel = Bounded.PARALLEL;
		List<List<long[]>> ranges = new ArrayList<>();
		List<long[]> gaps = new ArrayList<>(); // {bytes, file, the range after it}
		int reads = 0;
		for (int i = 0; i < jobs.size(); i++) {
			List<long[]> rs = closed(jobs.get(i).ranges(), GAP);
			ranges.add(rs);
			for (int k = 0; k < rs.size(); k++) {
				reads += readsOf(rs.get(k)[1] - rs.get(k)[0]);
				if (k > 0) {
					gaps.add(new long[] { rs.get(k)[0] - rs.get(k - 1)[1], i, k });
				}
			}
		}
		gaps.sort((x, y) -> Long.compare(x[0], y[0]));
		// per file, the first range of the run each range is in by now, and where each run ends
		List<int[]> first = new ArrayList<>();
		List<long[]> ends = new ArrayList<>();
		for (List<long[]> rs : ranges) {
			int[] f = new int[rs.size()];
			long[] e = new long[rs.size()];
			for (int k = 0; k < rs.size(); k++) {
				f[k] = k;
				e[k] = rs.get(k)[1];
			}
			first.add(f);
			ends.add(e);
		}
		List<long[]> closing = new ArrayList<>();
		int kept = 0; // the gaps of closing that are closed: those of the round trips saved within the budget
		long cost = 0;
		int goal = parallel * ((reads - 1) / parallel); // the reads of one round trip less
		for (long[] g : gaps) {
			if (reads <= parallel || cost + g[0] > ROUND_TRIP_BYTES) {
				break;
			}
			int i = (int) g[1];
			int k = (int) g[2];
			int[] f = first.get(i);
			long[] e = ends.get(i);
			int a = run(f, k - 1);
			long start = ranges.get(i).get(a)[0];
			long b = ranges.get(i).get(k)[0];
			int saved = readsOf(e[a] - start) + readsOf(e[k] - b) - readsOf(e[k] - start);
			if (saved <= 0) {
				continue; // as many pieces of 8 MiB either way, or more
			}
			f[k] = a;
			e[a] = e[k];
			reads -= saved;
			cost += g[0];
			closing.add(g);
			if (reads <= goal) {
				kept = closing.size();
				cost = 0;
				goal = parallel * ((reads - 1) / parallel);
			}
		}
		List<BitSet> close = new ArrayList<>();
		ranges.forEach(r -> close.add(new BitSet()));
		for (long[] g : closing.subList(0, kept)) {
			close.get((int) g[1]).set((int) g[2]);
		}
		List<Job> out = new ArrayList<>();
		for (int i = 0; i < jobs.size(); i++) {
			List<long[]> merged = new ArrayList<>();
			List<long[]> rs = ranges.get(i);
			for (int k = 0; k < rs.size(); k++) {
				if (close.get(i).get(k)) {
					merged.get(merged.size() - 1)[1] = rs.get(k)[1];
				} else {
					merged.add(rs.get(k));
				}
			}
			Job j = jobs.get(i);
			out.add(new Job(j.lakePath(), j.size(), j.local(), merged));
		}
		return out;
	}

	/** The first range of the run range {@code k} is in ({@code first}: each range's link towards it). */
	private static int run(int[] first, int k) {
		while (first[k] != k) {
			first[k] = first[first[k]];
			k = first[k];
		}
		return k;
	}

	/** Sorted disjoint ranges with the gaps of at most {@code gap} bytes closed. */
	private static List<long[]> closed(List<long[]> ranges, long gap) {
		List<long[]> out = new ArrayList<>();
		for (long[] r : ranges) {
			long[] last = out.isEmpty() ? null : out.get(out.size() - 1);
			if (last != null && r[0] - last[1] <= gap) {
				last[1] = Math.max(last[1], r[1]);
			} else {
				out.add(new long[] { r[0], r[1] });
			}
		}
		return out;
	}

	/** How many ranged reads one range of {@code length} bytes takes (pieces of at most 8 MiB). */
	private static int readsOf(long length) {
		return (int) ((length + PIECE - 1) / PIECE);
	}

	/**
	 * Fetches every job's ranges (as {@link #coalesced} made them), all at once within the bound; per job, null
	 * when all of it came, else what went wrong (the other jobs go on).
	 */
	List<Exception> fetch(List<Job> jobs) {
		List<Exception> out = new ArrayList<>(Collections.nCopies(jobs.size(), null));
		SparseFile[] files = new SparseFile[jobs.size()];
		List<Bounded.Task<Void>> reads = new ArrayList<>();
		List<Integer> jobOf = new ArrayList<>();
		try {
			for (int i = 0; i < jobs.size(); i++) {
				Job j = jobs.get(i);
				try {
					SparseFile f = SparseFile.open(j.local(), j.size());
					files[i] = f;
					for (long[] p : pieces(j)) {
						reads.add(() -> read(j, f, p));
						jobOf.add(i);
					}
				} catch (IOException | RuntimeException e) {
					out.set(i, e);
				}
			}
			List<Exception> failed = Bounded.each(reads, Bounded.PARALLEL); // a single read: on this thread
			for (int k = 0; k < reads.size(); k++) {
				if (failed.get(k) != null && out.get(jobOf.get(k)) == null) {
					out.set(jobOf.get(k), failed.get(k)); // the job's first failure
				}
			}
		} finally {
			for (int i = 0; i < files.length; i++) {
				try {
					if (files[i] != null) {
						files[i].close();
					}
				} catch (IOException e) {
					out.set(i, out.get(i) == null ? e : out.get(i));
				}
			}
		}
		return out;
	}

	private Void read(Job j, SparseFile f, long[] p) throws LakeException, IOException {
		for (long off = p[0]; off < p[1];) {
			byte[] b = store.read(j.lakePath(), off, (int) (p[1] - off));
			requests.incrementAndGet();
			if (b.length == 0) {
				throw new LakeException(LakeException.Kind.FAILED, j.lakePath() + " ended at " + off + " of " + j.size());
			}
			f.write(off, b);
			off += b.length;
			fetched.addAndGet(b.length);
		}
		return null;
	}

	private static List<long[]> pieces(Job j) {
		List<long[]> out = new ArrayList<>();
		for (long[] r : j.ranges()) {
			for (long off = r[0]; off < r[1]; off += PIECE) {
				out.add(new long[] { off, Math.min(r[1], off + PIECE) });
			}
		}
		return out;
	}

	long fetchedBytes() {
		return fetched.get();
	}

	long requests() {
		return requests.get();
	}
}
