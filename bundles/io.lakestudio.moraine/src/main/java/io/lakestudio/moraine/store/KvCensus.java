package io.lakestudio.moraine.store;

import java.util.List;
import java.util.OptionalLong;

/**
 * What a store weighs. Subspace figures count SSTs written out (superseded versions and tombstones included); a
 * write still in the write-ahead log is in none of them, only in {@link #objects}.
 */
public record KvCensus(List<Subspace> subspaces, Objects objects) {

	/** One subspace's tree; the live figures only when a scan was asked for. */
	public record Subspace(String name, int l0Ssts, int sortedRuns, int ssts, long sstBytes,
			OptionalLong liveEntries, OptionalLong liveBytes) {
	}

	/** What the object store holds, by the kind of object holding it. */
	public record Objects(long manifestBytes, long walObjects, long walBytes, long sstBytes, long otherBytes) {

		public long totalBytes() {
			return manifestBytes + walBytes + sstBytes + otherBytes;
		}
	}
}
