package io.lakestudio.ducklake;

import java.time.Instant;

/**
 * A file no snapshot names any more ({@code ducklake_files_scheduled_for_deletion}): its catalog rows are gone, the
 * file itself goes at cleanup. {@code path} is relative to the catalog's data path when {@code relative}.
 */
public record ScheduledFile(long dataFileId, String path, boolean relative, Instant scheduleStart) {
}
