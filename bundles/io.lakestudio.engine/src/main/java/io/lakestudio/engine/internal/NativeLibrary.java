package io.lakestudio.engine.internal;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.jar.JarOutputStream;
import java.util.zip.CRC32;
import java.util.zip.CheckedInputStream;

import io.lakestudio.catalog.StateFolder;

/**
 * DuckDB's driver jar taken apart once into {@code <engine>/duckdb-<jar size>/}: its classes without the library,
 * and beside them the one library DuckDB loads on this platform (not the other platforms': 69 of 228 MB). Each
 * file has a {@link FileStamp} beside it, written after it, so a start checks two {@code stat}s instead of
 * inflating and hashing 71 MB; a file that is missing, truncated, written into or replaced is extracted again,
 * and {@code log} told why (as it is told of every file extracted). Two processes starting at once take turns on
 * a file lock, and each file is written under a temporary name and moved into place, so a library being loaded is
 * never one half written. All files 0600.
 */
final class NativeLibrary {

	static final String CLASSES = "duckdb_jdbc-classes.jar";
	private static final String PREFIX = "libduckdb_java";
	private static final String STAMP = ".stamp";
	/** Bumped when the classes jar is made differently, so an old one is made again. */
	private static final String CLASSES_FORMAT = "classes-1";

	/** A file the driver jar is taken apart into: where it goes, where it comes from, how it is written. */
	private record Part(String what, Path file, String source, Writer writer) {
	}

	private interface Writer {
		void write(JarFile jar, OutputStream out) throws IOException;
	}

	private NativeLibrary() {
	}

	/** The classes jar to load the driver from, with this platform's library beside it. */
	static Path extractOnce(Path jar, Path engineDir, Consumer<String> log) throws IOException {
		Path dir = engineDir.resolve("duckdb-" + Files.size(jar));
		try (JarFile in = new JarFile(jar.toFile())) {
			List<Part> parts = parts(in, dir);
			if (stale(parts).isEmpty()) {
				return dir.resolve(CLASSES);
			}
			StateFolder.folder(dir);
			// one process at a time (the JVM's own threads too: a second lock in one JVM would throw)
			synchronized (NativeLibrary.class) {
				try (FileChannel ch = FileChannel.open(dir.resolve("extract.lock"),
						java.util.Set.of(StandardOpenOption.CREATE, StandardOpenOption.WRITE),
						StateFolder.privateFile(dir))) {
					FileLock l = lock(ch);
					try {
						extractStale(in, parts, l != null, log);
					} finally {
						if (l != null) {
							l.release();
						}
					}
				}
			}
			return dir.resolve(CLASSES);
		}
	}

	private static void extractStale(JarFile in, List<Part> parts, boolean locked, Consumer<String> log)
			throws IOException {
		if (locked) {
			removeLeftovers(parts.get(0).file().getParent());
		}
		for (Part p : stale(parts)) { // again: the process before may have extracted them meanwhile
			String why = why(p);
			extract(in, p);
			log.accept(why.isEmpty() ? p.what() + " " + p.file() + " extracted from " + in.getName()
					: why + ": extracted again from " + in.getName());
		}
	}

	/**
	 * Null where the file system has no locks (some network mounts): each start then extracts what it finds stale,
	 * still under temporary names, and leaves the leftovers, which may be another start's.
	 */
	private static FileLock lock(FileChannel ch) {
		try {
			return ch.lock();
		} catch (IOException e) {
			return null;
		}
	}

	/** The classes jar, and this platform's library when the jar has one (else DuckDB's loader says so). */
	private static List<Part> parts(JarFile in, Path dir) {
		List<Part> parts = new ArrayList<>();
		CRC32 listing = new CRC32();
		listing.update(CLASSES_FORMAT.getBytes(java.nio.charset.StandardCharsets.UTF_8));
		for (JarEntry e : Collections.list(in.entries())) {
			if (!e.getName().startsWith(PREFIX)) {
				listing.update((e.getName() + " " + e.getSize() + " " + e.getCrc() + "\n")
						.getBytes(java.nio.charset.StandardCharsets.UTF_8));
			}
		}
		parts.add(new Part("the DuckDB driver's classes", dir.resolve(CLASSES),
				CLASSES_FORMAT + " " + Long.toHexString(listing.getValue()), NativeLibrary::writeClasses));
		JarEntry lib = in.getJarEntry(libraryName());
		if (lib != null) {
			parts.add(new Part("the DuckDB library", dir.resolve(lib.getName()),
					lib.getName() + " " + lib.getSize() + " " + Long.toHexString(lib.getCrc()),
					(jar, out) -> copy(jar, lib, out)));
		}
		return parts;
	}

	private static List<Part> stale(List<Part> parts) throws IOException {
		List<Part> stale = new ArrayList<>();
		for (Part p : parts) {
			if (why(p) != null) {
				stale.add(p);
			}
		}
		return stale;
	}

	/** Null when the file is the one its stamp says was written; "" when it was never extracted; else why not. */
	private static String why(Part p) throws IOException {
		FileStamp was = FileStamp.read(stampOf(p.file()));
		if (was == null) {
			return "";
		}
		if (!Files.isRegularFile(p.file())) {
			return p.what() + " " + p.file() + " is missing";
		}
		String differs = was.differs(FileStamp.of(p.file(), p.source()));
		return differs == null ? null : p.what() + " " + p.file() + " is not the one extracted (" + differs + ")";
	}

	private static void extract(JarFile in, Part p) throws IOException {
		Path dir = p.file().getParent();
		Path tmp = Files.createTempFile(dir, p.file().getFileName().toString(), ".tmp", StateFolder.privateFile(dir));
		try {
			try (OutputStream out = Files.newOutputStream(tmp)) {
				p.writer().write(in, out);
			}
			try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
				ch.force(true); // on disk before its name and stamp say it is there
			}
			// the jar's time, which no later write gives it: a write in the same clock tick still shows
			Files.setLastModifiedTime(tmp, Files.getLastModifiedTime(Path.of(in.getName())));
			Files.move(tmp, p.file(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
		} finally {
			Files.deleteIfExists(tmp);
		}
		FileStamp.of(p.file(), p.source()).write(stampOf(p.file()));
	}

	private static void writeClasses(JarFile in, OutputStream os) throws IOException {
		try (JarOutputStream out = new JarOutputStream(os)) {
			for (JarEntry e : Collections.list(in.entries())) {
				String n = e.getName();
				// no library (DuckDB would copy a resource to tmp on every start), no signature of the whole jar
				if (n.startsWith(PREFIX) || n.startsWith("META-INF/") && n.matches(".*\\.(SF|RSA|DSA|EC)")) {
					continue;
				}
				out.putNextEntry(new JarEntry(n));
				try (InputStream is = in.getInputStream(e)) {
					is.transferTo(out);
				}
				out.closeEntry();
			}
		}
	}

	/** The entry inflated, its CRC-32 checked against the jar's: a damaged jar is not loaded as a library. */
	private static void copy(JarFile in, JarEntry e, OutputStream out) throws IOException {
		CRC32 crc = new CRC32();
		try (InputStream is = new CheckedInputStream(in.getInputStream(e), crc)) {
			is.transferTo(out);
		}
		if (crc.getValue() != e.getCrc()) {
			throw new IOException("the DuckDB library " + e.getName() + " in " + in.getName()
					+ " is damaged (its CRC-32 is not the jar's)");
		}
	}

	/**
	 * Under the lock: temporary files of a start that was killed, and libraries without a stamp (the other
	 * platforms' an older Lakestudio extracted beside this one; each start now stamps what it extracts).
	 */
	private static void removeLeftovers(Path dir) throws IOException {
		try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
			for (Path f : files) {
				String n = f.getFileName().toString();
				if (n.endsWith(".tmp") || n.startsWith(PREFIX) && !n.endsWith(STAMP)
						&& !Files.exists(stampOf(f)) && !n.equals(libraryName())) {
					Files.deleteIfExists(f);
				}
			}
		}
	}

	static Path stampOf(Path file) {
		return file.resolveSibling(file.getFileName() + STAMP);
	}

	/** The name duckdb_jdbc's loader (DuckDBNative.nativeLibName) looks for, worked out as it does. */
	static String libraryName() {
		String os = System.getProperty("os.name").toLowerCase(Locale.ROOT).trim();
		os = os.startsWith("windows") ? "windows"
				: os.startsWith("mac") ? "macos" : os.startsWith("linux") ? "linux" : os.replaceAll("[^a-z0-9_\\-.]", "");
		String arch = System.getProperty("os.arch").toLowerCase(Locale.ROOT).trim();
		arch = switch (arch) {
		case "x86_64", "amd64" -> "amd64";
		case "aarch64", "arm64" -> "arm64";
		default -> arch.replaceAll("[^a-z0-9_\\-.]", "");
		};
		return PREFIX + ".so_" + os + "_" + arch;
	}
}
