package io.lakestudio.engine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.stream.Stream;

import io.lakestudio.catalog.StateFolder;
import io.lakestudio.engine.EngineException.Kind;

/**
 * The files {@link Engine#exported} writes: {@code <home>/cache/exports/<digest of the plan>.parquet}, the user's
 * data so private as the cache is, written under a temporary name and moved into place whole, so a reader never
 * sees half a file. The {@link #KEPT} used last stay; older ones are deleted as a new one comes.
 */
final class Exports {

	/** Enough for the lake tables a few sessions join at once; each is a whole table's rows. */
	static final int KEPT = 16;

	private Exports() {
	}

	static Path file(Path home, String plan) {
		try {
			byte[] d = MessageDigest.getInstance("SHA-256").digest(plan.getBytes(StandardCharsets.UTF_8));
			return home.resolve("cache").resolve("exports").resolve(HexFormat.of().formatHex(d, 0, 16) + ".parquet");
		} catch (NoSuchAlgorithmException e) {
			throw new IllegalStateException(e);
		}
	}

	/** Where to write {@code file} now, or null when it is there already (then marked as used now). */
	static Path begin(Path file) {
		try {
			if (Files.isRegularFile(file)) {
				Files.setLastModifiedTime(file, FileTime.from(Instant.now()));
				return null;
			}
			StateFolder.folder(file.getParent());
			return file.resolveSibling(file.getFileName() + "." + UUID.randomUUID() + ".tmp");
		} catch (IOException e) {
			throw new java.io.UncheckedIOException(e);
		}
	}

	/** {@code file} once {@code written} (null: it was there) is moved into place; the oldest beyond KEPT go. */
	static Path done(Path file, Path written) throws EngineException {
		try {
			if (written != null) {
				StateFolder.restrict(written);
				Files.move(written, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
			}
			List<Path> all;
			try (Stream<Path> s = Files.list(file.getParent())) {
				all = s.filter(p -> p.getFileName().toString().endsWith(".parquet") && !p.equals(file))
						.sorted(Comparator.comparing(Exports::modified).reversed()).toList();
			}
			for (Path old : all.subList(Math.min(all.size(), KEPT - 1), all.size())) {
				Files.deleteIfExists(old);
			}
			return file;
		} catch (IOException e) {
			throw new EngineException(Kind.FAILED, "cannot keep the rows of a lake table for the DuckLake statement: "
					+ e.getMessage(), e);
		} finally {
			abandon(written);
		}
	}

	/** A temporary file not moved into place (the write failed) is deleted. */
	static void abandon(Path written) {
		if (written != null) {
			try {
				Files.deleteIfExists(written);
			} catch (IOException e) {
				// left for the next cache clean-up
			}
		}
	}

	private static FileTime modified(Path p) {
		try {
			return Files.getLastModifiedTime(p);
		} catch (IOException e) {
			return FileTime.fromMillis(0);
		}
	}
}
