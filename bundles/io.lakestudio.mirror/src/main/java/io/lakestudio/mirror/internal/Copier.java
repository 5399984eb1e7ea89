package io.lakestudio.mirror.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.LakeStore;

/**
 * Copies lake files verbatim through ranged reads, keeping the remote modification time (Kernel resolves
 * time travel by time from the commit files' times when there are no in-commit timestamps).
 */
public final class Copier {

	private static final int CHUNK = 8 << 20;

	private Copier() {
	}

	/** True when {@code local} is a copy of a remote file of this size and time. */
	public static boolean same(Path local, long size, Instant remoteTime) {
		try {
			return Files.isRegularFile(local) && Files.size(local) == size && (remoteTime == null
					|| Files.getLastModifiedTime(local).toInstant().truncatedTo(ChronoUnit.MILLIS)
							.equals(remoteTime.truncatedTo(ChronoUnit.MILLIS)));
		} catch (IOException e) {
			return false;
		}
	}

	/** Copies {@code lakePath} to {@code local} atomically: a reader never sees half a file. */
	public static void copy(LakeStore store, String lakePath, long size, Instant remoteTime, Path local)
			throws LakeException, IOException {
		Files.createDirectories(local.getParent());
		Path tmp = local.resolveSibling("." + local.getFileName() + ".part");
		try (OutputStream out = Files.newOutputStream(tmp)) {
			for (long off = 0; off < size;) {
				byte[] b = store.read(lakePath, off, (int) Math.min(CHUNK, size - off));
				if (b.length == 0) {
					throw new LakeException(LakeException.Kind.FAILED, lakePath + " ended at " + off + " of " + size);
				}
				out.write(b);
				off += b.length;
			}
		}
		if (remoteTime != null) {
			Files.setLastModifiedTime(tmp, FileTime.from(remoteTime));
		}
		Files.move(tmp, local, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
	}
}
