package io.lakestudio.fdl.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

import io.lakestudio.fdl.FdlException;
import io.lakestudio.fdl.Repository;
import io.lakestudio.store.ObjectStore;
import io.lakestudio.store.StoreException;

/**
 * An object copied into a local file by ranged reads of at most one chunk each (an HTTP host answers each with
 * 206), hashed on the way: a catalog or data file never has to fit in memory whole. Its size is checked against
 * what the record or catalog says without an extra request: the last read asks for one byte more than is left.
 */
public final class Ranged {

	/** What a reader asks for at a time: large enough that requests are few, small enough to hold. */
	public static final int CHUNK = 8 << 20;

	private Ranged() {
	}

	/**
	 * Copies {@code path} into {@code file} (replacing it) and returns its SHA-256.
	 *
	 * @param size the size it must have, or -1 when nothing says (then it is read to its end)
	 * @throws FdlException MISSING when it is not there ({@code missing} says why it matters), MALFORMED when its size
	 *                      is not {@code size}
	 */
	public static String copy(ObjectStore store, String path, long size, int chunk, Path file, String missing)
			throws FdlException, IOException {
		try (OutputStream out = Files.newOutputStream(file)) {
			return copy(store, path, size, chunk, out, missing);
		} catch (FdlException | IOException | RuntimeException e) {
			Files.deleteIfExists(file);
			throw e;
		}
	}

	/** As {@link #copy(ObjectStore, String, long, int, Path, String)}, into {@code out} (which it leaves open). */
	public static String copy(ObjectStore store, String path, long size, int chunk, OutputStream out, String missing)
			throws FdlException, IOException {
		MessageDigest sha;
		try {
			sha = MessageDigest.getInstance("SHA-256");
		} catch (NoSuchAlgorithmException e) {
			throw new IllegalStateException(e);
		}
		long at = 0;
		try {
			while (true) {
				// one past the end tells a longer object at no cost; of a size nothing says, whole chunks to the end
				int ask = size < 0 ? chunk : (int) Math.min(chunk, size - at + 1);
				byte[] b = store.get(path, at, ask);
				if (size >= 0 && at + b.length > size)
					throw FdlException.malformed(path, "longer than the " + size + " bytes said of it: it was altered");
				out.write(b);
				sha.update(b);
				at += b.length;
				if (b.length < ask)
					break;
			}
		} catch (StoreException e) {
			if (e.kind() == StoreException.Kind.NOT_FOUND)
				throw FdlException.missing(path, missing);
			throw Repository.failed(e);
		}
		if (size >= 0 && at != size)
			throw FdlException.malformed(path, at + " bytes where " + size + " are said of it: it was altered");
		return HexFormat.of().formatHex(sha.digest());
	}
}
