package io.lakestudio.delta;

/**
 * A deletion vector as the log describes it (protocol "Deletion Vector Descriptor"). {@code storageType} is
 * {@code u} (relative file, by UUID), {@code p} (absolute path) or {@code i} (inline); {@code offset} is null when
 * absent. Decode it with {@link DeltaTables#deletedRows}.
 */
public record DvDescriptor(String storageType, String pathOrInlineDv, Integer offset, int sizeInBytes,
		long cardinality) {
}
