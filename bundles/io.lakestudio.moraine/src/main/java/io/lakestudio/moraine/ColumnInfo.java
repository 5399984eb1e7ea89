package io.lakestudio.moraine;

import java.util.Optional;

/** A live column: its definition plus identity and position ({@code order} among its siblings). */
public record ColumnInfo(ColumnId id, TableId table, String name, String columnType, boolean nullsAllowed,
		String defaultValue, String initialDefault, long order, Optional<ColumnId> parent, SnapshotId begin) {
}
