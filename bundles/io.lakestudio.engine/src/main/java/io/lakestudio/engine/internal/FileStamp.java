package io.lakestudio.engine.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.lakestudio.catalog.StateFolder;

/**
 * What a file extracted from a jar looked like when it was written: where it came from, its size, modification
 * time, identity (inode) and, where the file system says it, change time. Checking it costs one {@code stat}, not
 * a read of the file: a write into it, a truncation or another file put in its place changes one of them.
 */
record FileStamp(String source, long size, long modifiedNanos, String key, long changedNanos) {

	/** The file's stamp now, {@code source} said to be where it came from. */
	static FileStamp of(Path file, String source) throws IOException {
		BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
		return new FileStamp(source, a.size(), nanos(a.lastModifiedTime()), String.valueOf(a.fileKey()), changed(file));
	}

	/** The stamp written beside {@code file}, or null when there is none or it cannot be read. */
	static FileStamp read(Path stampFile) throws IOException {
		Map<String, String> m = new LinkedHashMap<>();
		try {
			for (String line : Files.readAllLines(stampFile)) {
				int eq = line.indexOf('=');
				if (eq > 0) {
					m.put(line.substring(0, eq), line.substring(eq + 1));
				}
			}
			return new FileStamp(m.get("source"), Long.parseLong(m.get("size")), Long.parseLong(m.get("modified")),
					m.get("key"), Long.parseLong(m.get("changed")));
		} catch (NoSuchFileException | NumberFormatException e) {
			return null;
		}
	}

	/** Written to a temporary name and moved over the old stamp: a reader sees the old stamp or this one. */
	void write(Path stampFile) throws IOException {
		Path dir = stampFile.getParent();
		Path tmp = Files.createTempFile(dir, "stamp", ".tmp", StateFolder.privateFile(dir));
		Files.writeString(tmp, "source=" + source + "\nsize=" + size + "\nmodified=" + modifiedNanos + "\nkey=" + key
				+ "\nchanged=" + changedNanos + "\n");
		Files.move(tmp, stampFile, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
	}

	/** How {@code now} differs from this stamp, or null when it is the file that was written. */
	String differs(FileStamp now) {
		List<String> d = new ArrayList<>();
		if (!source.equals(now.source)) {
			d.add("the jar holds another one");
		}
		if (size != now.size) {
			d.add(now.size + " bytes, written " + size);
		}
		if (modifiedNanos != now.modifiedNanos || changedNanos != now.changedNanos) {
			d.add("modified since it was written");
		}
		if (!key.equals(now.key)) {
			d.add("another file in its place");
		}
		return d.isEmpty() ? null : String.join(", ", d);
	}

	private static long nanos(java.nio.file.attribute.FileTime t) {
		return t.to(java.util.concurrent.TimeUnit.NANOSECONDS);
	}

	/** The inode's change time (no program can set it back), or 0 where the file system has no "unix" view. */
	private static long changed(Path file) throws IOException {
		if (!file.getFileSystem().supportedFileAttributeViews().contains("unix")) {
			return 0;
		}
		try {
			return nanos((java.nio.file.attribute.FileTime) Files.getAttribute(file, "unix:ctime"));
		} catch (UnsupportedOperationException | IllegalArgumentException e) {
			return 0;
		}
	}
}
