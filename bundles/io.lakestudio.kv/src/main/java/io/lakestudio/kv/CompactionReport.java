package io.lakestudio.kv;

import java.util.List;

/** What a merge pass did, subspace by subspace. */
public record CompactionReport(List<SubspaceMerge> merges) {

	public record SubspaceMerge(String subspace, boolean wholeTree, int sstsIn, int sstsOut, long bytesIn,
			long bytesOut, long versionsIn, long versionsOut, long tombstonesDropped) {
	}
}
