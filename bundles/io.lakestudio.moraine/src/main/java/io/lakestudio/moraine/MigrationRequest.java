package io.lakestudio.moraine;

/**
 * How a migrate call runs: keys rewritten per durable batch, each batch carrying the cursor forward;
 * {@code progress} hears of each batch and may stop the pass between two (a next migrate resumes at the cursor).
 */
public record MigrationRequest(int batchSize, Progress progress) {

	public MigrationRequest {
		if (batchSize <= 0)
			throw new IllegalArgumentException("batch size must be positive, not " + batchSize);
		progress = progress == null ? Progress.NONE : progress;
	}

	public MigrationRequest(int batchSize) {
		this(batchSize, Progress.NONE);
	}

	public static MigrationRequest defaults() {
		return new MigrationRequest(1024);
	}
}
