package io.lakestudio.ducklake;

/** {@code ducklake_table_stats}: rows and bytes of a table's live files, and the next row id to hand out. */
public record TableStats(long tableId, long recordCount, long nextRowId, long fileSizeBytes) {
}
