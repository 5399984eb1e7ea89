package io.lakestudio.ducklake;

/**
 * A view visible at a snapshot ({@code ducklake_view}): its SQL in {@code dialect} (duckdb), naming tables as they
 * are named from its own schema; {@code columnAliases} as the extension keeps them, or null.
 */
public record ViewEntry(long id, String uuid, long beginSnapshot, long schemaId, String name, String dialect,
		String sql, String columnAliases) {
}
