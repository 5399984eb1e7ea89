package io.lakestudio.moraine;

/** How a migrate call runs: keys rewritten per durable batch, each batch carrying the cursor forward. */
public record MigrationRequest(int batchSize) {

	public MigrationRequest {
		if (batchSize <= 0)
			throw new IllegalArgumentException("batch size must be positive, not " + batchSize);
	}

	public static MigrationRequest defaults() {
		return new MigrationRequest(1024);
	}
}
