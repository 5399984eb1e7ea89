package io.lakestudio.ducklake;

import java.util.List;

/**
 * A column of a table ({@code ducklake_column}). Its id is the Parquet field id of the column in every data file,
 * so a rename keeps reading old files; {@code type} is DuckLake's name ({@code int64}, {@code varchar},
 * {@code decimal(18,2)}, or {@code struct}, {@code list}, {@code map} for a nested one). A nested column's fields
 * are its {@code children}, each a row of its own in the catalog ({@code parent_column} = this id) with its own
 * id: a list's one child is {@code element}, a map's two are {@code key} and {@code value} ({@link NestedTypes}).
 */
public record ColumnEntry(long id, long beginSnapshot, long tableId, long order, String name, String type,
		String initialDefault, String defaultValue, boolean nullsAllowed, List<ColumnEntry> children) {

	public ColumnEntry {
		children = children == null ? List.of() : List.copyOf(children);
	}

	/** A column with no children (a primitive type). */
	public ColumnEntry(long id, long beginSnapshot, long tableId, long order, String name, String type,
			String initialDefault, String defaultValue, boolean nullsAllowed) {
		this(id, beginSnapshot, tableId, order, name, type, initialDefault, defaultValue, nullsAllowed, List.of());
	}

	public ColumnEntry renamed(String to) {
		return new ColumnEntry(id, beginSnapshot, tableId, order, to, type, initialDefault, defaultValue,
				nullsAllowed, children);
	}

	public ColumnEntry withChildren(List<ColumnEntry> to) {
		return new ColumnEntry(id, beginSnapshot, tableId, order, name, type, initialDefault, defaultValue,
				nullsAllowed, to);
	}

	public boolean nested() {
		return !children.isEmpty() || NestedTypes.isNested(type);
	}
}
