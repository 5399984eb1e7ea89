package io.lakestudio.delta;

import java.util.List;

/**
 * A snapshot with everything a reader of its rows needs, read in one pass over the log.
 *
 * @param snapshot   the version, time, logical columns and size
 * @param schemaJson the table's schema as the protocol writes it (metaData.schemaString): nested types and, under
 *                   column mapping, each field's {@code delta.columnMapping.physicalName} and id
 * @param files      the live data files
 */
public record DeltaScan(DeltaSnapshot snapshot, String schemaJson, List<ScanFile> files) {
}
