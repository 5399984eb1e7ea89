package io.lakestudio.engine.internal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collection;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The disk cache's index of what each local file holds. A local file is named by a hash of its lake path and its
 * size (Delta data files are immutable, and a hashed name never holds a quote or a glob character for
 * read_parquet); beside it a sidecar {@code <name>.ranges} of lines {@code used <millis>}, {@code held <start>
 * <end>} and {@code read <start> <end>} (a line of a later version is skipped), written whole and moved into
 * place. All sidecars are loaded on first use; an unreadable one is as if the file were not held.
 */
final class CacheIndex {

	static final String SUFFIX = ".ranges";

	/** What one local file holds. */
	static final class Entry {
		final String name;
		final long size;
		final Ranges held = new Ranges();
		/** The ranges someone's statement read (held ranges not among them came from warm reads). */
		final Ranges read = new Ranges();
		long used;
		/** The use last written as the file's modification time. */
		long stamped;

		Entry(String name, long size) {
			this.name = name;
			this.size = size;
		}
	}

	private final Path dir;
	private Map<String, Entry> entries;

	CacheIndex(Path dir) {
		this.dir = dir;
	}

	/** The local file name of a lake file. */
	static String name(String lakePath, long size) {
		return hash(lakePath) + "-" + size + ".parquet";
	}

	Entry get(String name) {
		return entries().get(name);
	}

	void put(Entry e) {
		entries().put(e.name, e);
	}

	Entry remove(String name) {
		return entries().remove(name);
	}

	Collection<Entry> all() {
		return entries().values();
	}

	/** Writes an entry's sidecar. */
	void save(Entry e) throws IOException {
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
		Files.move(tmp, dir.resolve(e.name + SUFFIX), StandardCopyOption.REPLACE_EXISTING,
				StandardCopyOption.ATOMIC_MOVE);
	}

	private Map<String, Entry> entries() {
		if (entries == null) {
			entries = new HashMap<>();
			if (Files.isDirectory(dir)) {
				try (Stream<Path> s = Files.list(dir)) {
					for (Path p : (Iterable<Path>) s::iterator) {
						String f = p.getFileName().toString();
						if (f.endsWith(SUFFIX)) {
							Entry e = load(p, f.substring(0, f.length() - SUFFIX.length()));
							if (e != null) {
								entries.put(e.name, e);
							}
						}
					}
				} catch (IOException e) {
					// an unreadable folder: what it held is fetched again
				}
			}
		}
		return entries;
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

	private static String hash(String s) {
		try {
			byte[] d = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
			return HexFormat.of().formatHex(d, 0, 12);
		} catch (NoSuchAlgorithmException e) {
			throw new IllegalStateException(e);
		}
	}
}
