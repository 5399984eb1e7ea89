package io.lakestudio.moraine;

/**
 * What a maintenance pass reclaims and how: deletes go in batches of at most {@code batchSize} keys, each its own
 * durable write, so a large reclamation never holds the writer long; {@code progress} hears of each batch and may
 * stop the pass between two.
 */
public record MaintenanceRequest(int batchSize, Progress progress) {

	public MaintenanceRequest {
		if (batchSize <= 0)
			throw new IllegalArgumentException("batch size must be positive, not " + batchSize);
		progress = progress == null ? Progress.NONE : progress;
	}

	public MaintenanceRequest(int batchSize) {
		this(batchSize, Progress.NONE);
	}

	public static MaintenanceRequest defaults() {
		return new MaintenanceRequest(1024);
	}
}
