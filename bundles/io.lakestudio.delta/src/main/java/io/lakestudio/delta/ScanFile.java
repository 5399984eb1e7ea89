package io.lakestudio.delta;

import java.util.Map;

/**
 * A live data file of a snapshot.
 *
 * @param path            the file relative to the table root, URI-decoded once (as it is named on disk); an add
 *                        path outside the table root stays an absolute, decoded URI string
 * @param size            bytes
 * @param partitionValues partition values by logical column name, as the log's strings (a value may be null)
 * @param numRecords      rows in the file per its stats (before deletion vectors), null without stats
 * @param statsJson       the raw stats JSON (physical column names under column mapping), or null
 * @param dv              the file's deletion vector, or null
 */
public record ScanFile(String path, long size, Map<String, String> partitionValues, Long numRecords, String statsJson,
		DvDescriptor dv) {
}
