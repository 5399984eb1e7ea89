package io.lakestudio.moraine;

/** How one subspace's merge ended. */
public enum MergeOutcome {
	MERGED, NOTHING_TO_MERGE, FAILED
}
