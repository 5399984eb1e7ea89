package io.lakestudio.moraine;

/**
 * What a maintenance pass reclaims and how: deletes go in batches of at most {@code batchSize} keys, each its own
 * durable write, so a large reclamation never holds the writer long.
 */
public record MaintenanceRequest(int batchSize) {

	public MaintenanceRequest {
		if (batchSize <= 0)
			throw new IllegalArgumentException("batch size must be positive, not " + batchSize);
	}

	public static MaintenanceRequest defaults() {
		return new MaintenanceRequest(1024);
	}
}
