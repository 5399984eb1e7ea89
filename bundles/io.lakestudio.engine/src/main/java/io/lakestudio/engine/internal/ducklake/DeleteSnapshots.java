package io.lakestudio.engine.internal.ducklake;

import io.lakestudio.ducklake.FileLineage;

/**
 * A delete file that says per row which snapshot deleted it ({@code _ducklake_internal_snapshot_id}, its
 * {@code partial_max} set) holds the deletes of several snapshots: read at one, it takes away only the rows deleted
 * up to it. A row of no snapshot was deleted at the file's partial_max (the commit that wrote it); a file without
 * the column (read by name with the others, so NULL) at its first snapshot, which the read's plan already passed.
 */
final class DeleteSnapshots {

	private DeleteSnapshots() {
	}

	/** The condition on a delete row ({@code prefix}) with its file's partial_max ({@code partialMax}, SQL). */
	static String upTo(String prefix, String partialMax, long snapshot) {
		return "coalesce(" + prefix + FileLineage.SNAPSHOT_ID_COLUMN + ", " + partialMax + ", 0) <= " + snapshot;
	}
}
