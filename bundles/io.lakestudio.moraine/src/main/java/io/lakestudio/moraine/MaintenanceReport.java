package io.lakestudio.moraine;

/** What a maintenance pass reclaimed: dropped indexes whose ranges are now empty, entries deleted, batches. */
public record MaintenanceReport(int indexesSwept, long entriesDeleted, int batches) {
}
