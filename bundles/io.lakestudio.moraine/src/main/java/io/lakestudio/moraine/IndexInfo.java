package io.lakestudio.moraine;

import java.util.List;

/** A live equality index. */
public record IndexInfo(IndexId id, TableId table, String name, List<ColumnId> columns, boolean unique,
		SnapshotId begin) {
}
