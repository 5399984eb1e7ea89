package io.lakestudio.engine.internal;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntPredicate;
import java.util.function.LongSupplier;
import java.util.stream.Stream;

import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.LakeStore;

/**
 * The disk cache of data files, column-chunk granular. A Parquet file a statement needs is held in
 * {@code cache/files/} as a sparse file of its full size, named by a hash of its lake path and its size (Delta
 * data files are immutable, and a hashed name never holds a quote or a glob character for read_parquet). Only the
 * byte ranges fetched are real: the tail DuckDB reads first (the last max(16 KiB, footer + 8) bytes) and the column
 * chunks statements projected; the rest are holes. A sidecar {@code <name>.ranges} is the index: the ranges held,
 * the ranges someone's statement read (a warm read's ranges are held but not read), and when the file was last
 * used (also kept as the data file's modification time, which each use sets). A file is never handed to DuckDB before every chunk of the columns asked for is held.
 * <p>
 * Budget: the held bytes of all files. Over it, whole files go, oldest use first, those only warm reads fetched
 * before any that someone read; never one the running statement needs.
 */
public final class DiskCache {

	private static final int PIECE = 8 << 20;
	private static final String INDEX = ".ranges";
	/** How stale the file's modification time may be as the record of its last use (across restarts). */
	private static final long STAMP_MILLIS = 60_000;

	private final Path dir;
	private final LakeStore store;
	private final long maxBytes;
	private final LongSupplier clock;
	private final AtomicLong fetched = new AtomicLong();
	private final AtomicLong requests = new AtomicLong();
	/** Files this cache stopped holding (evicted, or found gone): a kept plan naming one is made again. */
	private final AtomicLong removals = new AtomicLong();
	/** Index entries by local file name; all sidecars are loaded on first use. */
	private Map<String, Entry> index;
	/** Parsed footers by local file name. */
	private final Map<String, ParquetFooter.Footer> footers = new Lru<>(4096);

	/** What one local file holds. */
	static final class Entry {
		final String name;
		final long size;
		final Ranges held = new Ranges();
		final Ranges read = new Ranges();
		long used;
		/** The use last written as the file's modification time. */
		long stamped;

		Entry(String name, long size) {
			this.name = name;
			this.size = size;
		}
	}

	public DiskCache(Path dir, LakeStore store, long maxBytes) {
		this(dir, store, maxBytes, System::currentTimeMillis);
	}

	public DiskCache(Path dir, LakeStore store, long maxBytes, LongSupplier clockMillis) {
		this.dir = dir;
		this.store = store;
		this.maxBytes = maxBytes;
		this.clock = clockMillis;
	}

	public Path local(String lakePath, long size) {
		return dir.resolve(name(lakePath, size));
	}

	private static String name(String lakePath, long size) {
		return hash(lakePath) + "-" + size + ".parquet";
	}

	/** Whether the whole file is held. */
	public synchronized boolean held(String lakePath, long size) {
		Entry e = entries().get(name(lakePath, size));
		return e != null && e.held.covers(0, size);
	}

	/** Bytes fetched from the lake by this cache since it was made. */
	public long fetchedBytes() {
		return fetched.get();
	}

	/** Ranged reads made of the lake since this cache was made. */
	public long fetchRequests() {
		return requests.get();
	}

	/** Bytes held over all files (what the budget counts). */
	public synchronized long heldBytes() {
		return entries().values().stream().mapToLong(e -> e.held.total()).sum();
	}

	/** The ranges held of a file, as [start, end) pairs; empty if none. */
	public synchronized List<long[]> heldRanges(String lakePath, long size) {
		Entry e = entries().get(name(lakePath, size));
		return e == null ? List.of() : e.held.list();
	}

	/** The ranges someone's statement read of a file (held ranges not among them came from warm reads). */
	public synchronized List<long[]> readRanges(String lakePath, long size) {
		Entry e = entries().get(name(lakePath, size));
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
	public synchronized Path fetchColumns(String lakePath, long size, Set<String> columns, IntPredicate skip,
			boolean offline, boolean warm) throws LakeException, IOException {
		String n = name(lakePath, size);
		Path p = dir.resolve(n);
		Entry e = entries().get(n);
		if (e != null && !Files.isRegularFile(p)) {
			entries().remove(n);
			removals.incrementAndGet();
			e = null;
		}
		List<long[]> want = columns == null ? List.of(new long[] { 0, size }) : null;
		if (want != null && e != null && e.held.covers(0, size)) {
			return use(e, want, warm);
		}
		if (e == null) {
			e = new Entry(n, size);
		}
		if (want == null) {
			long tail = Math.min(size, ParquetFooter.TAIL);
			if (!e.held.covers(size - tail, size)) {
				get(lakePath, p, e, List.of(new long[] { size - tail, size }), offline);
			}
			want = new ArrayList<>();
			want.add(new long[] { size - footerSpan(p, e, lakePath, offline), size });
			for (ParquetFooter.Chunk c : chunks(p, e).chunks()) {
				if (columns.contains(c.column().toLowerCase(Locale.ROOT))) {
					if (skip == null || !skip.test(c.rowGroup())) {
						want.add(new long[] { c.offset(), c.offset() + c.length() });
					}
					if (c.bloomOffset() > 0 && c.bloomLength() > 0) {
						want.add(new long[] { c.bloomOffset(), c.bloomOffset() + c.bloomLength() });
					}
				}
			}
		}
		List<long[]> missing = new ArrayList<>();
		Ranges w = new Ranges();
		for (long[] r : want) {
			w.add(Math.max(0, r[0]), Math.min(size, r[1]));
		}
		for (long[] r : w.list()) {
			missing.addAll(e.held.missing(r[0], r[1]));
		}
		if (!missing.isEmpty()) {
			get(lakePath, p, e, missing, offline);
		}
		return use(e, w.list(), warm);
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
		Entry e = entries().get(n);
		Path p = dir.resolve(n);
		if (e == null || !Files.isRegularFile(p)) {
			return List.of("the file");
		}
		if (columns == null) {
			return e.held.covers(0, size) ? List.of() : List.of("the whole file");
		}
		long tail = Math.min(size, ParquetFooter.TAIL);
		if (!e.held.covers(size - tail, size)) {
			return List.of("the file");
		}
		TreeSet<String> out = new TreeSet<>();
		for (ParquetFooter.Chunk c : chunks(p, e).chunks()) {
			if (columns.contains(c.column().toLowerCase(Locale.ROOT)) && (skip == null || !skip.test(c.rowGroup()))
					&& !e.held.covers(c.offset(), c.offset() + c.length())) {
				out.add("column " + c.column());
			}
		}
		return List.copyOf(out);
	}

	/** How many bytes from the end the footer and its trailer span (at least the tail DuckDB reads first). */
	private long footerSpan(Path p, Entry e, String lakePath, boolean offline) throws IOException, LakeException {
		long tail = Math.min(e.size, ParquetFooter.TAIL);
		byte[] t = readLocal(p, e.size - ParquetFooter.TRAILER, ParquetFooter.TRAILER);
		long span = (long) ParquetFooter.footerLength(t) + ParquetFooter.TRAILER;
		if (span > e.size) {
			throw new IOException(lakePath + " has a footer longer than the file");
		}
		if (span > tail && !e.held.covers(e.size - span, e.size)) {
			get(lakePath, p, e, List.of(new long[] { e.size - span, e.size - tail }), offline);
		}
		return Math.max(span, tail);
	}

	/**
	 * Whether a file's tail and every chunk of {@code columns} (null: the whole file) are held, by the index alone
	 * (no file is touched).
	 */
	public synchronized boolean holds(String lakePath, long size, Set<String> columns) {
		String n = name(lakePath, size);
		Entry e = entries().get(n);
		if (e == null) {
			return false;
		}
		if (columns == null) {
			return e.held.covers(0, size);
		}
		if (!e.held.covers(size - Math.min(size, ParquetFooter.TAIL), size)) {
			return false;
		}
		ParquetFooter.Footer f = footers.get(n); // parsed only once the whole footer was held
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
		Entry e = entries().get(n);
		if (e == null) {
			throw new IOException("the footer of " + lakePath + " is not held");
		}
		return chunks(dir.resolve(n), e);
	}

	private ParquetFooter.Footer chunks(Path p, Entry e) throws IOException {
		ParquetFooter.Footer c = footers.get(e.name);
		if (c == null) {
			byte[] t = readLocal(p, e.size - ParquetFooter.TRAILER, ParquetFooter.TRAILER);
			int len = ParquetFooter.footerLength(t);
			if (!e.held.covers(e.size - len - ParquetFooter.TRAILER, e.size)) {
				throw new IOException("the footer of " + p.getFileName() + " is not held");
			}
			c = ParquetFooter.read(readLocal(p, e.size - len - ParquetFooter.TRAILER, len));
			footers.put(e.name, c);
		}
		return c;
	}

	private static byte[] readLocal(Path p, long off, int len) throws IOException {
		byte[] b = new byte[len];
		try (RandomAccessFile f = new RandomAccessFile(p.toFile(), "r")) {
			f.seek(off);
			f.readFully(b);
		}
		return b;
	}

	/** Fetches ranges into the sparse file and records them held. */
	private void get(String lakePath, Path p, Entry e, List<long[]> ranges, boolean offline)
			throws LakeException, IOException {
		if (offline || store == null) {
			throw new LakeException(LakeException.Kind.OFFLINE, lakePath + " is not held");
		}
		Files.createDirectories(dir);
		try (RandomAccessFile f = new RandomAccessFile(p.toFile(), "rw")) {
			if (f.length() != e.size) {
				f.setLength(e.size);
			}
			for (long[] r : ranges) {
				for (long off = r[0]; off < r[1];) {
					byte[] b = store.read(lakePath, off, (int) Math.min(PIECE, r[1] - off));
					requests.incrementAndGet();
					if (b.length == 0) {
						throw new LakeException(LakeException.Kind.FAILED, lakePath + " ended at " + off + " of "
								+ e.size);
					}
					f.seek(off);
					f.write(b);
					off += b.length;
					fetched.addAndGet(b.length);
				}
			}
		}
		for (long[] r : ranges) {
			e.held.add(r[0], r[1]);
		}
		entries().put(e.name, e);
		save(e);
	}

	/**
	 * Records a use: the ranges a statement read (saved only when that adds to them) and the time, kept as the
	 * file's modification time (one call, not a rewrite of the index per statement).
	 */
	private Path use(Entry e, List<long[]> ranges, boolean warm) throws IOException {
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
		entries().put(e.name, e);
		Path p = dir.resolve(e.name);
		if (added) {
			save(e);
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
		List<Entry> found = new ArrayList<>(files.size());
		for (Path p : files) {
			Entry e = entries().get(p.getFileName().toString());
			if (e == null || !Files.isRegularFile(p)) {
				return false;
			}
			found.add(e);
		}
		for (Entry e : found) {
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
		if (entries().remove(name) != null) {
			removals.incrementAndGet();
		}
		footers.remove(name);
		Files.deleteIfExists(dir.resolve(name + INDEX));
		Files.deleteIfExists(dir.resolve(name));
	}

	/** Deletes files until the cache fits its budget: warm-only files first, each kind oldest use first. */
	public synchronized void evict(Set<Path> keep) throws IOException {
		long total = heldBytes();
		if (total <= maxBytes) {
			return;
		}
		List<Entry> all = new ArrayList<>(entries().values());
		all.sort(Comparator.comparing((Entry e) -> e.read.total() > 0).thenComparingLong(e -> e.used));
		for (Entry e : all) {
			if (total <= maxBytes) {
				break;
			}
			Path p = dir.resolve(e.name);
			if (!keep.contains(p)) {
				total -= e.held.total();
				drop(e.name);
			}
		}
	}

	private Map<String, Entry> entries() {
		if (index == null) {
			index = new HashMap<>();
			if (Files.isDirectory(dir)) {
				try (Stream<Path> s = Files.list(dir)) {
					for (Path p : (Iterable<Path>) s::iterator) {
						String f = p.getFileName().toString();
						if (f.endsWith(INDEX)) {
							Entry e = load(p, f.substring(0, f.length() - INDEX.length()));
							if (e != null) {
								index.put(e.name, e);
							}
						}
					}
				} catch (IOException e) {
					// an unreadable folder: what it held is fetched again
				}
			}
		}
		return index;
	}

	private static Entry load(Path sidecar, String name) {
		try {
			long size = Long.parseLong(name.substring(name.lastIndexOf('-') + 1, name.length() - ".parquet".length()));
			Entry e = new Entry(name, size);
			for (String line : Files.readAllLines(sidecar, StandardCharsets.UTF_8)) {
				String[] w = line.split(" ");
				switch (w[0]) {
				case "used" -> e.used = Long.parseLong(w[1]);
				case "held" -> e.held.add(Long.parseLong(w[1]), Long.parseLong(w[2]));
				case "read" -> e.read.add(Long.parseLong(w[1]), Long.parseLong(w[2]));
				default -> {
					// a line of a later version
				}
				}
			}
			Path data = sidecar.resolveSibling(name);
			if (Files.isRegularFile(data)) {
				e.used = Math.max(e.used, Files.getLastModifiedTime(data).toMillis());
				e.stamped = e.used;
			}
			return e;
		} catch (IOException | RuntimeException ex) {
			return null;
		}
	}

	private void save(Entry e) throws IOException {
		StringBuilder s = new StringBuilder("used ").append(e.used).append('\n');
		for (long[] r : e.held.list()) {
			s.append("held ").append(r[0]).append(' ').append(r[1]).append('\n');
		}
		for (long[] r : e.read.list()) {
			s.append("read ").append(r[0]).append(' ').append(r[1]).append('\n');
		}
		Files.createDirectories(dir);
		Path tmp = Files.createTempFile(dir, ".index", ".part");
		Files.writeString(tmp, s, StandardCharsets.UTF_8);
		Files.move(tmp, dir.resolve(e.name + INDEX), StandardCopyOption.REPLACE_EXISTING,
				StandardCopyOption.ATOMIC_MOVE);
	}

	private static String hash(String s) {
		try {
			byte[] d = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
			return HexFormat.of().formatHex(d, 0, 12);
		} catch (NoSuchAlgorithmException e) {
			throw new IllegalStateException(e);
		}
	}

	/** A set of disjoint [start, end) byte ranges, adjacent ones merged. */
	static final class Ranges {
		private final java.util.TreeMap<Long, Long> m = new java.util.TreeMap<>();

		void add(long s, long e) {
			if (e <= s) {
				return;
			}
			var lo = m.floorEntry(s);
			if (lo != null && lo.getValue() >= s) {
				s = lo.getKey();
				e = Math.max(e, lo.getValue());
			}
			for (var it = m.subMap(s, true, e, true).entrySet().iterator(); it.hasNext();) {
				var x = it.next();
				e = Math.max(e, x.getValue());
				it.remove();
			}
			m.put(s, e);
		}

		boolean covers(long s, long e) {
			if (e <= s) {
				return true;
			}
			var lo = m.floorEntry(s);
			return lo != null && lo.getValue() >= e;
		}

		List<long[]> missing(long s, long e) {
			List<long[]> out = new ArrayList<>();
			long at = s;
			var lo = m.floorEntry(s);
			if (lo != null && lo.getValue() > at) {
				at = lo.getValue();
			}
			for (var x : m.subMap(s, false, e, false).entrySet()) {
				if (x.getKey() > at) {
					out.add(new long[] { at, x.getKey() });
				}
				at = Math.max(at, x.getValue());
			}
			if (at < e) {
				out.add(new long[] { at, e });
			}
			return out;
		}

		long total() {
			return m.entrySet().stream().mapToLong(x -> x.getValue() - x.getKey()).sum();
		}

		List<long[]> list() {
			return m.entrySet().stream().map(x -> new long[] { x.getKey(), x.getValue() }).toList();
		}
	}
}
