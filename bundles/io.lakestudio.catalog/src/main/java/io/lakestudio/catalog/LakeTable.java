package io.lakestudio.catalog;

import java.time.Instant;
import java.util.List;

/**
 * A table in an item's {@code Tables/} folder. {@code schema} is "" in a lakehouse without schemas. The listing
 * fills name, format and location; the metadata read fills version, size, file count and partition columns
 * (null until then). {@code lastRead} is when a listing last saw it, {@code metadataRead} when its metadata was
 * last read.
 */
public record LakeTable(String itemId, String schema, String name, String format, String location,
		Long snapshotVersion, Long sizeBytes, Long numFiles, Long numRecords, List<String> partitionColumns,
		Instant lastRead, Instant metadataRead, Instant droppedAt) {

	public static final String DELTA = "Delta";
	public static final String ICEBERG = "Iceberg";

	/** What a listing knows: no metadata yet. */
	public LakeTable(String itemId, String schema, String name, String format, String location) {
		this(itemId, schema == null ? "" : schema, name, format, location, null, null, null, null, List.of(), null,
				null, null);
	}

	/** Stable key of a table: {@code <itemId>/<schema>/<name>}. */
	public String id() {
		return id(itemId, schema, name);
	}

	public static String id(String itemId, String schema, String name) {
		return itemId + "/" + (schema == null ? "" : schema) + "/" + name;
	}

	public boolean dropped() {
		return droppedAt != null;
	}
}
