package io.lakestudio.iceberg;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Where a table's metadata files are read from: each named by its path relative to the table's location
 * ({@code metadata/snap-….avro}), answered with a local copy (the mirror copies it first if it holds none).
 */
@FunctionalInterface
public interface TableFiles {

	Path local(String relativePath) throws IOException;
}
