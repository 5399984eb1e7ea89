package io.lakestudio.moraine.internal.catalog;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One row of a DuckLake catalog table: its values in the family's column order. */
public final class Row {

	final Family family;
	private final Object[] values;

	/**
	 * Values short of the family's columns leave the last ones NULL: a row stored before its family gained columns
	 * at its end (DuckLake 1.1's row_group_count...), or written by a caller that has no value for them.
	 */
	Row(Family family, Object[] values) {
		if (values.length > family.columns.size())
			throw new IllegalArgumentException(family.table + " takes " + family.columns.size() + " values, not "
					+ values.length);
		this.family = family;
		this.values = values.length < family.columns.size() ? Arrays.copyOf(values, family.columns.size()) : values;
	}

	static Row decode(Family family, List<Object> fields) {
		return new Row(family, fields.toArray());
	}

	List<Object> fields() {
		return Arrays.asList(values);
	}

	/**
	 * The values as stored: without trailing NULLs, which {@link #decode} pads back. So a row of a family that
	 * gained columns since (DuckLake 1.1's row_group_count...) is the row an older build wrote and reads, as long as
	 * those columns are NULL, as they are in a 1.0 catalog.
	 */
	List<Object> stored() {
		int n = values.length;
		while (n > 0 && values[n - 1] == null)
			n--;
		return Arrays.asList(values).subList(0, n);
	}

	Object get(String column) {
		return values[family.column(column)];
	}

	long l(String column) {
		Object v = get(column);
		if (v == null)
			throw new IllegalStateException(family.table + "." + column + " is null");
		return (Long) v;
	}

	Long nl(String column) {
		return (Long) get(column);
	}

	String s(String column) {
		return (String) get(column);
	}

	boolean b(String column) {
		return Boolean.TRUE.equals(get(column));
	}

	/** A copy with {@code column} set to {@code value}. */
	Row with(String column, Object value) {
		Object[] copy = values.clone();
		copy[family.column(column)] = value;
		return new Row(family, copy);
	}

	long begin() {
		return (Long) values[family.begin];
	}

	Long end() {
		return (Long) values[family.end];
	}

	boolean visibleAt(long snapshot) {
		if (!family.temporal())
			return true;
		Long end = end();
		return begin() <= snapshot && (end == null || end > snapshot);
	}

	Object[] key() {
		return family.key(values);
	}

	/** Column name → value, in column order: the row as a ducklake_* table lists it. */
	public Map<String, Object> asMap() {
		Map<String, Object> m = new LinkedHashMap<>();
		for (String column : family.specColumns())
			m.put(column, get(column));
		return m;
	}

	@Override
	public String toString() {
		return family.table + asMap();
	}
}
