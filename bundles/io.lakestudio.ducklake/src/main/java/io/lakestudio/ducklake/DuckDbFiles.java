package io.lakestudio.ducklake;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * Opens a DuckDB database file for a catalog kept in one ({@code ducklake:<file>}), on a connection of its own that
 * runs no user SQL: the engine gives its DuckDB library, so this bundle needs none.
 */
public interface DuckDbFiles {

	Connection open(Path file, boolean readOnly) throws SQLException;
}
