package io.lakestudio.moraine;

/** What one subspace's merge did. */
public record SubspaceMerge(SubspaceName subspace, MergeOutcome outcome, int sourceSsts, int outputSsts,
		long bytesRead, long bytesWritten, long tombstonesDropped) {
}
