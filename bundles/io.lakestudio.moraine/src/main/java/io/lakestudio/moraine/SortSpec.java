package io.lakestudio.moraine;

import java.util.List;

/** A table's sort spec: a write-time instruction, so no data file records which one it was written under. */
public record SortSpec(SortId id, TableId table, List<SortKeyDef> keys, SnapshotId begin) {
}
