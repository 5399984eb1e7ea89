package io.lakestudio.moraine.store;

/** What one subspace's merge did: runs and SSTs before and after, bytes read and written. */
public record KvMerge(String subspace, Outcome outcome, int sourceSsts, int outputSsts, long bytesRead,
		long bytesWritten, long tombstonesDropped) {

	public enum Outcome {
		MERGED, NOTHING_TO_MERGE, FAILED
	}
}
