package io.lakestudio.moraine;

/**
 * How a compactStore call runs: which trees it merges, one subspace at a time; {@code progress} hears of each
 * merge and may stop the call between two (the merges done stay).
 */
public record CompactStoreRequest(CompactionTarget target, Progress progress) {

	public CompactStoreRequest {
		progress = progress == null ? Progress.NONE : progress;
	}

	public CompactStoreRequest(CompactionTarget target) {
		this(target, Progress.NONE);
	}

	public static CompactStoreRequest defaults() {
		return new CompactStoreRequest(CompactionTarget.ALL);
	}
}
