package io.lakestudio.moraine;

import java.util.List;

/** A table's statistics: its row count, the next row id its counter hands out, its files' bytes. */
public record TableStats(long recordCount, long nextRowId, long fileSizeBytes, List<ColumnStats> columns) {
}
