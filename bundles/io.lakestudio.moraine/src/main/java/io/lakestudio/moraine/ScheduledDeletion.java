package io.lakestudio.moraine;

/** One ducklake_files_scheduled_for_deletion row: a path awaiting physical deletion, decoupled from its expiry. */
public record ScheduledDeletion(long fileId, String path, boolean pathIsRelative, Timestamp scheduleStart) {
}
