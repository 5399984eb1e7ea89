package io.lakestudio.kv;

import java.util.List;

/**
 * What a store weighs, subspace by subspace, from the manifest (SSTs written out, superseded versions and tombstones
 * included) plus one listing: {@code unaccountedBytes} is what the store holds outside the manifest's SSTs (WAL,
 * manifests, orphans a crash left).
 */
public record StoreCensus(long manifestVersion, long epoch, List<Subspace> subspaces, long objects, long totalBytes,
		long walObjects, long walBytes, long unaccountedBytes) {

	/** One subspace; {@code liveEntries}/{@code liveBytes} are -1 unless a census was asked to scan. */
	public record Subspace(String name, int l0Ssts, int sortedRuns, int ssts, long sstBytes, long versions,
			long liveEntries, long liveBytes) {
	}
}
