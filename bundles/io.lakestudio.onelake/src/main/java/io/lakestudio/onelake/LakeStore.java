package io.lakestudio.onelake;

import java.time.Instant;
import java.util.List;

/**
 * Bytes of a lake: listing a folder, a file's size and time, and ranges of it. Kept general so that later stores
 * (object storage, an HTTP host) fit behind the same calls.
 */
public interface LakeStore {

	/** One entry of a folder listing; {@code path} is the full lake path. */
	record Entry(String path, boolean directory, long size, Instant lastModified) {
	}

	List<Entry> list(String dir, boolean recursive) throws LakeException;

	/** Size and modification time of a file; throws {@link LakeException.Kind#NOT_FOUND} when there is none. */
	Entry stat(String path) throws LakeException;

	/** Reads {@code length} bytes from {@code offset}; fewer only at the end of the file. */
	byte[] read(String path, long offset, int length) throws LakeException;
}
