package io.lakestudio.moraine;

import java.util.List;

/** A column mapping for externally written Parquet: immutable once created, referenced by data files. */
public record MappingInfo(MappingId id, TableId table, String type, List<NameMappingDef> columns) {
}
