package io.lakestudio.moraine;

import java.util.List;

/** A column definition: the input to table creation and column addition. {@code defaultValue} null: none. */
public record ColumnDef(String name, String columnType, boolean nullsAllowed, String defaultValue,
		List<ColumnDef> children) {

	public ColumnDef {
		children = List.copyOf(children);
	}

	/** A nullable column with no default and no children. */
	public static ColumnDef of(String name, String columnType) {
		return new ColumnDef(name, columnType, true, null, List.of());
	}
}
