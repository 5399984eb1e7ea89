package io.lakestudio.catalog;

import java.time.Instant;

/**
 * An entry of an item's {@code Files/} folder. {@code dir} is the listed folder relative to {@code Files/} ("" for
 * its root), {@code name} the entry's name in it.
 */
public record LakeFile(String itemId, String dir, String name, boolean directory, long size, Instant lastModified,
		Instant lastRead, Instant droppedAt) {

	public LakeFile(String itemId, String dir, String name, boolean directory, long size, Instant lastModified) {
		this(itemId, dir, name, directory, size, lastModified, null, null);
	}

	public String path() {
		return dir.isEmpty() ? name : dir + "/" + name;
	}
}
