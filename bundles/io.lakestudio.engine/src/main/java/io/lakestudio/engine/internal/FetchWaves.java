package io.lakestudio.engine.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.lakestudio.onelake.LakeException;

/**
 * The waves of {@link DiskCache#fetchAll}: what each file lacks is worked out under the cache's lock from what is
 * held, fetched for all files at once outside it (see {@link RangeFetch}), then recorded held under the lock again.
 */
final class FetchWaves {

	/** One file of {@link DiskCache#fetchAll} on its way. */
	static final class Step {
		final DiskCache.Want want;
		final CacheIndex.Entry e;
		/** How far from the end the footer and the tail reach. */
		long footer;
		/** The ranges the statement reads, recorded as its use at the end. */
		List<long[]> read = List.of();
		Exception failure;

		Step(DiskCache.Want want, CacheIndex.Entry e) {
			this.want = want;
			this.e = e;
		}
	}

	/** The ranges a file still lacks in one wave (worked out under the cache's lock, from what is held). */
	interface Missing {
		List<long[]> of(Step x) throws IOException;
	}

	/** The cache's lock: the index, the entries and the footers are only touched holding it. */
	private final Object lock;
	private final Path dir;
	private final RangeFetch lake;
	private final CacheIndex index;
	private final HeldFooters footers;

	FetchWaves(Object lock, Path dir, RangeFetch lake, CacheIndex index, HeldFooters footers) {
		this.lock = lock;
		this.dir = dir;
		this.lake = lake;
		this.index = index;
		this.footers = footers;
	}

	/**
	 * One wave: what each file lacks, fetched all at once outside the lock, then recorded held; offline (or no
	 * lake), a file lacking anything fails as not held.
	 */
	void wave(List<Step> steps, boolean offline, Missing missing) {
		List<Step> fetching = new ArrayList<>();
		List<RangeFetch.Job> jobs = new ArrayList<>();
		synchronized (lock) {
			for (Step x : steps) {
				if (x.failure != null) {
					continue;
				}
				try {
					List<long[]> m = missing.of(x);
					if (m.isEmpty()) {
						continue;
					}
					if (offline || !lake.online()) {
						throw new LakeException(LakeException.Kind.OFFLINE, x.want.lakePath() + " is not held");
					}
					fetching.add(x);
					jobs.add(new RangeFetch.Job(x.want.lakePath(), x.want.size(), dir.resolve(x.e.name), m));
				} catch (LakeException | IOException | RuntimeException e) {
					x.failure = e;
				}
			}
		}
		if (jobs.isEmpty()) {
			return;
		}
		try {
			Files.createDirectories(dir);
		} catch (IOException e) {
			fetching.forEach(x -> x.failure = e);
			return;
		}
		jobs = RangeFetch.coalesced(jobs);
		List<Exception> failures = lake.fetch(jobs);
		synchronized (lock) {
			for (int i = 0; i < fetching.size(); i++) {
				Step x = fetching.get(i);
				if (failures.get(i) != null) {
					x.failure = failures.get(i);
					continue;
				}
				for (long[] r : jobs.get(i).ranges()) {
					x.e.held.add(r[0], r[1]);
				}
				index.put(x.e);
				try {
					index.save(x.e);
				} catch (IOException e) {
					x.failure = e;
				}
			}
		}
	}

	/** The first wave's: the tail, or the whole file when no columns are named (all of which it reads). */
	static List<long[]> tail(Step x) {
		long size = x.want.size();
		if (x.want.columns() == null) {
			x.read = List.of(new long[] { 0, size });
			return x.e.held.missing(0, size);
		}
		return x.e.held.missing(size - Math.min(size, ParquetFooter.TAIL), size);
	}

	/** The part of a footer longer than the tail not held yet (the tail is); notes how far the footer reaches. */
	List<long[]> footerRest(Step x) throws IOException {
		CacheIndex.Entry e = x.e;
		long tail = Math.min(e.size, ParquetFooter.TAIL);
		byte[] t = SparseFile.read(dir.resolve(e.name), e.size - ParquetFooter.TRAILER, ParquetFooter.TRAILER);
		long span = (long) ParquetFooter.footerLength(t) + ParquetFooter.TRAILER;
		if (span > e.size) {
			throw new IOException(x.want.lakePath() + " has a footer longer than the file");
		}
		x.footer = Math.max(span, tail);
		return span > tail ? e.held.missing(e.size - span, e.size - tail) : List.of();
	}

	/** The chunks of the wanted columns (and their bloom filters) not held yet; notes all the statement reads. */
	List<long[]> chunks(Step x) throws IOException {
		CacheIndex.Entry e = x.e;
		long size = e.size;
		List<long[]> want = new ArrayList<>();
		want.add(new long[] { size - x.footer, size });
		for (ParquetFooter.Chunk c : footers.of(dir.resolve(e.name), e).chunks()) {
			if (x.want.columns().contains(c.column().toLowerCase(Locale.ROOT))) {
				if (x.want.skip() == null || !x.want.skip().test(c.rowGroup())) {
					want.add(new long[] { c.offset(), c.offset() + c.length() });
				}
				if (c.bloomOffset() > 0 && c.bloomLength() > 0) {
					want.add(new long[] { c.bloomOffset(), c.bloomOffset() + c.bloomLength() });
				}
			}
		}
		Ranges w = new Ranges();
		for (long[] r : want) {
			w.add(Math.max(0, r[0]), Math.min(size, r[1]));
		}
		x.read = w.list();
		List<long[]> missing = new ArrayList<>();
		for (long[] r : x.read) {
			missing.addAll(e.held.missing(r[0], r[1]));
		}
		return missing;
	}
}
