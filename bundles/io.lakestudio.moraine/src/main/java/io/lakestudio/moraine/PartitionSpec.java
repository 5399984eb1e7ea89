package io.lakestudio.moraine;

import java.util.List;

/** A table's partition spec: its keys in order. Setting a new one ends the old; files keep referencing theirs. */
public record PartitionSpec(PartitionId id, TableId table, List<PartitionColumnDef> keys, SnapshotId begin) {
}
