package io.lakestudio.engine.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntPredicate;
import java.util.function.LongSupplier;

import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.LakeStore;

/**
 * The disk cache of data files, column-chunk granular. A Parquet file a statement needs is held in
 * {@code cache/files/} as a {@link SparseFile} of its full size. Only the byte ranges fetched ({@link RangeFetch})
 * are real: the tail DuckDB reads first (the last max(16 KiB, footer + 8) bytes) and the column chunks statements
 * projected; the rest are holes. The {@link CacheIndex} records per file the ranges held, the ranges someone's
 * statement read (a warm read's ranges are held but not read), and when the file was last used (also kept as the
 * data file's modification time, which each use sets). A file is never handed to DuckDB before every chunk of the
 * columns asked for is held. Over its budget, files go as {@link Eviction} orders them.
 */
public final class DiskCache {

	/** How stale the file's modification time may be as the record of its last use (across restarts). */
	private static final long STAMP_MILLIS = 60_000;

	private final Path dir;
	private final RangeFetch lake;
	private final CacheIndex index;
	private final long maxBytes;
	private final LongSupplier clock;
	/** Files this cache stopped holding (evicted, or found gone): a kept plan naming one is made again. */
	private final AtomicLong removals = new AtomicLong();
	/** Parsed footers by local file name. */
	private final HeldFooters footers = new HeldFooters();
	private final FetchWaves waves;

	public DiskCache(Path dir, LakeStore store, long maxBytes) {
		this(dir, store, maxBytes, System::currentTimeMillis);
	}

	public DiskCache(Path dir, LakeStore store, long maxBytes, LongSupplier clockMillis) {
		this.dir = dir;
		this.lake = new RangeFetch(store);
		this.index = new CacheIndex(dir);
		this.maxBytes = maxBytes;
		this.clock = clockMillis;
		this.waves = new FetchWaves(this, dir, lake, index, footers);
	}

	public Path local(String lakePath, long size) {
		return dir.resolve(name(lakePath, size));
	}

	private static String name(String lakePath, long size) {
		return CacheIndex.name(lakePath, size);
	}

	/** Whether the whole file is held. */
	public synchronized boolean held(String lakePath, long size) {
		CacheIndex.Entry e = index.get(name(lakePath, size));
		return e != null && e.held.covers(0, size);
	}

	/** Bytes fetched from the lake by this cache since it was made. */
	public long fetchedBytes() {
		return lake.fetchedBytes();
	}

	/** Ranged reads made of the lake since this cache was made. */
	public long fetchRequests() {
		return lake.requests();
	}

	/** Bytes held over all files (what the budget counts). */
	public synchronized long heldBytes() {
		return index.all().stream().mapToLong(e -> e.held.total()).sum();
	}

	/** The ranges held of a file, as [start, end) pairs; empty if none. */
	public synchronized List<long[]> heldRanges(String lakePath, long size) {
		CacheIndex.Entry e = index.get(name(lakePath, size));
		return e == null ? List.of() : e.held.list();
	}

	/** The ranges someone's statement read of a file (held ranges not among them came from warm reads). */
	public synchronized List<long[]> readRanges(String lakePath, long size) {
		CacheIndex.Entry e = index.get(name(lakePath, size));
		return e == null ? List.of() : e.read.list();
	}

	/** The local copy of a whole file, fetched if it isn't held; offline, a file not held fails. */
	public Path fetch(String lakePath, long size, boolean offline) throws LakeException, IOException {
		return fetchColumns(lakePath, size, null, offline, false);
	}

	/**
	 * The local sparse copy of a Parquet file holding its tail and every chunk of {@code columns} (top-level
	 * physical names, lower case; null = the whole file). {@code warm}: fetched by a warm read, not by someone's
	 * statement. Offline, a file missing any of it fails (see {@link #missing}).
	 */
	public Path fetchColumns(String lakePath, long size, Set<String> columns, boolean offline, boolean warm)
			throws LakeException, IOException {
		return fetchColumns(lakePath, size, columns, null, offline, warm);
	}

	/**
	 * As {@link #fetchColumns(String, long, Set, boolean, boolean)}, without the chunks of the row groups
	 * {@code skip} names (null: none), which the statement will not read. Their bloom filters are fetched still.
	 */
	public Path fetchColumns(String lakePath, long size, Set<String> columns, IntPredicate skip, boolean offline,
			boolean warm) throws LakeException, IOException {
		Got g = fetchAll(List.of(new Want(lakePath, size, columns, skip)), offline, warm).get(0);
		if (g.failure() instanceof LakeException e) {
			throw e;
		}
		if (g.failure() instanceof IOException e) {
			throw e;
		}
		if (g.failure() instanceof RuntimeException e) {
			throw e;
		}
		return g.local();
	}

	/**
	 * A file to hold: its tail and every chunk of {@code columns} (top-level physical names, lower case; null: the
	 * whole file) but those of the row groups {@code skip} names (null: none).
	 */
	public record Want(String lakePath, long size, Set<String> columns, IntPredicate skip) {
	}

	/** A file's local copy, holding what was wanted; or, with a null copy, why not. */
	public record Got(Path local, Exception failure) {
	}

	/**
	 * Holds each of {@code wants} as {@link #fetchColumns} does, fetching what is missing in waves: the tails (or
	 * whole files), then the rest of footers longer than the tail, then the chunks; each wave's ranges of every
	 * file at once (see {@link RangeFetch}). A file that fails does not stop the others. In the order of
	 * {@code wants}.
	 */
	public List<Got> fetchAll(List<Want> wants, boolean offline, boolean warm) {
		List<FetchWaves.Step> steps = new ArrayList<>();
		synchronized (this) {
			for (Want w : wants) {
				steps.add(new FetchWaves.Step(w, entry(w)));
			}
		}
		waves.wave(steps, offline, FetchWaves::tail);
		waves.wave(steps, offline, x -> x.want.columns() == null ? List.of() : waves.footerRest(x));
		waves.wave(steps, offline, x -> x.want.columns() == null ? List.of() : waves.chunks(x));
		List<Got> out = new ArrayList<>();
		synchronized (this) {
			for (FetchWaves.Step x : steps) {
				try {
					out.add(x.failure != null ? new Got(null, x.failure) : new Got(use(x.e, x.read, warm), null));
				} catch (IOException e) {
					out.add(new Got(null, e));
				}
			}
		}
		return out;
	}

	/** The index entry of a wanted file (a new one if none, or if its local copy is gone). */
	private CacheIndex.Entry entry(Want w) {
		String n = name(w.lakePath(), w.size());
		CacheIndex.Entry e = index.get(n);
		if (e != null && !Files.isRegularFile(dir.resolve(n))) {
			index.remove(n);
			removals.incrementAndGet();
			e = null;
		}
		return e != null ? e : new CacheIndex.Entry(n, w.size());
	}

	/**
	 * What a statement needing {@code columns} of a file lacks, without asking the lake: "the file" when not even
	 * its footer is held, else the columns with chunks not held (empty when all is held).
	 */
	public List<String> missing(String lakePath, long size, Set<String> columns) throws IOException {
		return missing(lakePath, size, columns, null);
	}

	/** As {@link #missing(String, long, Set)}, not counting the row groups {@code skip} names (null: none). */
	public synchronized List<String> missing(String lakePath, long size, Set<String> columns, IntPredicate skip)
			throws IOException {
		String n = name(lakePath, size);
		CacheIndex.Entry e = index.get(n);
		Path p = dir.resolve(n);
		return OfflineGaps.of(e, Files.isRegularFile(p), columns, skip, () -> footers.of(p, e));
	}

	/**
	 * Whether a file's tail and every chunk of {@code columns} (null: the whole file) are held, by the index alone
	 * (no file is touched).
	 */
	public synchronized boolean holds(String lakePath, long size, Set<String> columns) {
		String n = name(lakePath, size);
		CacheIndex.Entry e = index.get(n);
		if (e == null) {
			return false;
		}
		if (columns == null) {
			return e.held.covers(0, size);
		}
		if (!e.held.covers(size - Math.min(size, ParquetFooter.TAIL), size)) {
			return false;
		}
		ParquetFooter.Footer f = footers.parsed(n); // parsed only once the whole footer was held
		if (f == null) {
			return false;
		}
		for (ParquetFooter.Chunk c : f.chunks()) {
			if (columns.contains(c.column().toLowerCase(Locale.ROOT))
					&& !e.held.covers(c.offset(), c.offset() + c.length())) {
				return false;
			}
		}
		return true;
	}

	/** The footer of a file whose tail is held (see {@link #fetchColumns} with no columns). */
	public synchronized ParquetFooter.Footer footer(String lakePath, long size) throws IOException {
		String n = name(lakePath, size);
		CacheIndex.Entry e = index.get(n);
		if (e == null) {
			throw new IOException("the footer of " + lakePath + " is not held");
		}
		return footers.of(dir.resolve(n), e);
	}

	/**
	 * Records a use: the ranges a statement read (saved only when that adds to them) and the time, kept as the
	 * file's modification time (one call, not a rewrite of the index per statement).
	 */
	private Path use(CacheIndex.Entry e, List<long[]> ranges, boolean warm) throws IOException {
		boolean added = false;
		if (!warm) {
			for (long[] r : ranges) {
				if (!e.read.covers(r[0], r[1])) {
					e.read.add(r[0], r[1]);
					added = true;
				}
			}
		}
		e.used = Math.max(e.used + 1, clock.getAsLong());
		index.put(e);
		Path p = dir.resolve(e.name);
		if (added) {
			index.save(e);
		}
		if (added || e.stamped == 0 || e.used - e.stamped > STAMP_MILLIS) {
			// the order of uses within a minute is kept in memory; a new time also drops DuckDB's cached footer
			Files.setLastModifiedTime(p, java.nio.file.attribute.FileTime.fromMillis(e.used));
			e.stamped = e.used;
		}
		return p;
	}

	/** How many files this cache stopped holding since it was made. */
	public long removals() {
		return removals.get();
	}

	/**
	 * Records a statement's use of files held for it before (a kept plan run again: the same ranges as then, so
	 * only the time moves); false, touching nothing, when one of them is no longer held.
	 */
	public synchronized boolean touch(Collection<Path> files) throws IOException {
		List<CacheIndex.Entry> found = new ArrayList<>(files.size());
		for (Path p : files) {
			CacheIndex.Entry e = index.get(p.getFileName().toString());
			if (e == null || !Files.isRegularFile(p)) {
				return false;
			}
			found.add(e);
		}
		for (CacheIndex.Entry e : found) {
			use(e, List.of(), false);
		}
		return true;
	}

	/** Stops holding files (DuckDB could not read them): the next statement fetches what it needs anew. */
	public synchronized void forget(Collection<Path> files) {
		for (Path p : files) {
			try {
				drop(p.getFileName().toString());
			} catch (IOException e) {
				// the index no longer names it: it is fetched again over whatever is left
			}
		}
	}

	/** Stops holding one file: out of the index, its footer forgotten, the file and its sidecar deleted. */
	private void drop(String name) throws IOException {
		if (index.remove(name) != null) {
			removals.incrementAndGet();
		}
		footers.forget(name);
		Files.deleteIfExists(dir.resolve(name + CacheIndex.SUFFIX));
		Files.deleteIfExists(dir.resolve(name));
	}

	/** Deletes files until the cache fits its budget (see {@link Eviction}), none of {@code keep}. */
	public synchronized void evict(Set<Path> keep) throws IOException {
		for (CacheIndex.Entry e : Eviction.victims(index.all(), maxBytes, x -> keep.contains(dir.resolve(x.name)))) {
			drop(e.name);
		}
	}
}