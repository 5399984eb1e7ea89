package io.lakestudio.engine.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.LakeStore;

/**
 * The disk cache of data files, in this first version whole files: a file a statement needs is copied once from
 * the lake by ranged reads into {@code cache/files/}, named by a hash of its lake path and its size (Delta data files
 * are immutable, and a hashed name never holds a quote or a glob character for read_parquet). A file is held when
 * it is there at its full size; that is the whole index. Over budget, the files used longest ago go first (a use
 * touches the file's time), never one the running statement needs.
 */
public final class DiskCache {

	private static final int CHUNK = 8 << 20;

	private final Path dir;
	private final LakeStore store;
	private final long maxBytes;
	private final AtomicLong fetched = new AtomicLong();

	public DiskCache(Path dir, LakeStore store, long maxBytes) {
		this.dir = dir;
		this.store = store;
		this.maxBytes = maxBytes;
	}

	public Path local(String lakePath, long size) {
		return dir.resolve(hash(lakePath) + "-" + size + ".parquet");
	}

	public boolean held(String lakePath, long size) {
		Path p = local(lakePath, size);
		try {
			return Files.isRegularFile(p) && Files.size(p) == size;
		} catch (IOException e) {
			return false;
		}
	}

	/** Bytes fetched from the lake by this cache since it was made. */
	public long fetchedBytes() {
		return fetched.get();
	}

	/** The local copy of a file, fetched if it isn't held; with no store (offline) a file not held fails. */
	public Path fetch(String lakePath, long size, boolean offline) throws LakeException, IOException {
		Path p = local(lakePath, size);
		if (held(lakePath, size)) {
			Files.setLastModifiedTime(p, FileTime.from(Instant.now()));
			return p;
		}
		if (offline || store == null) {
			throw new LakeException(LakeException.Kind.OFFLINE, lakePath + " is not held");
		}
		Files.createDirectories(dir);
		Path tmp = Files.createTempFile(dir, ".fetch", ".part");
		try (var out = Files.newOutputStream(tmp)) {
			for (long off = 0; off < size;) {
				byte[] b = store.read(lakePath, off, (int) Math.min(CHUNK, size - off));
				if (b.length == 0) {
					throw new LakeException(LakeException.Kind.FAILED, lakePath + " ended at " + off + " of " + size);
				}
				out.write(b);
				off += b.length;
				fetched.addAndGet(b.length);
			}
			Files.move(tmp, p, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
					java.nio.file.StandardCopyOption.ATOMIC_MOVE);
		} finally {
			Files.deleteIfExists(tmp);
		}
		return p;
	}

	/** Deletes the files used longest ago until the cache fits its budget; {@code keep} stays. */
	public void evict(Set<Path> keep) throws IOException {
		if (!Files.isDirectory(dir)) {
			return;
		}
		List<Path> files = new ArrayList<>();
		long total = 0;
		try (Stream<Path> s = Files.list(dir)) {
			for (Path p : (Iterable<Path>) s::iterator) {
				files.add(p);
				total += Files.size(p);
			}
		}
		if (total <= maxBytes) {
			return;
		}
		files.sort(Comparator.comparing(DiskCache::time));
		for (Path p : files) {
			if (total <= maxBytes) {
				break;
			}
			if (!keep.contains(p)) {
				total -= Files.size(p);
				Files.deleteIfExists(p);
			}
		}
	}

	private static FileTime time(Path p) {
		try {
			return Files.getLastModifiedTime(p);
		} catch (IOException e) {
			return FileTime.fromMillis(0);
		}
	}

	private static String hash(String s) {
		try {
			byte[] d = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
			return HexFormat.of().formatHex(d, 0, 12);
		} catch (NoSuchAlgorithmException e) {
			throw new IllegalStateException(e);
		}
	}
}
