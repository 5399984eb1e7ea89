package io.lakestudio.moraine;

import java.util.OptionalLong;

/**
 * What one subspace weighs: figures from the manifest, counting SSTs written out (superseded versions and
 * tombstones included; a write still in the write-ahead log is in none); live figures only when scanned.
 */
public record SubspaceCensus(SubspaceName subspace, String segment, int l0Ssts, int sortedRuns, int ssts,
		long sstBytes, OptionalLong liveEntries, OptionalLong liveBytes) {
}
