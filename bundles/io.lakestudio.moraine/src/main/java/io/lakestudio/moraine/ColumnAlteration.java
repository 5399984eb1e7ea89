package io.lakestudio.moraine;

import java.util.Optional;

/**
 * A change to one column. A null field leaves the attribute untouched; {@code defaultValue} is an Optional so
 * that "clear the default" ({@code Optional.empty()}) differs from "leave it" (null).
 */
public record ColumnAlteration(String columnType, Boolean nullsAllowed, Optional<String> defaultValue) {

	public static ColumnAlteration type(String columnType) {
		return new ColumnAlteration(columnType, null, null);
	}

	public static ColumnAlteration nullsAllowed(boolean allowed) {
		return new ColumnAlteration(null, allowed, null);
	}

	public static ColumnAlteration defaultValue(Optional<String> value) {
		return new ColumnAlteration(null, null, value);
	}
}
