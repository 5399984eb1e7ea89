package io.lakestudio.ducklake;

/**
 * A column of a table ({@code ducklake_column}). Its id is the Parquet field id of the column in every data file,
 * so a rename keeps reading old files; {@code type} is DuckLake's name ({@code int64}, {@code varchar},
 * {@code decimal(18,2)}...). Top-level columns only here ({@code parentColumn} null).
 */
public record ColumnEntry(long id, long beginSnapshot, long tableId, long order, String name, String type,
		String initialDefault, String defaultValue, boolean nullsAllowed) {

	public ColumnEntry renamed(String to) {
		return new ColumnEntry(id, beginSnapshot, tableId, order, to, type, initialDefault, defaultValue,
				nullsAllowed);
	}
}
