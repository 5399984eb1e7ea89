package io.lakestudio.ducklake.internal;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.lakestudio.ducklake.ColumnEntry;

/**
 * {@code ducklake_column}'s rows as trees and back: a nested column's fields are rows of their own whose
 * {@code parent_column} is its id, each with its own id (the field id of that part in every Parquet file). Ids are
 * a table's own: catalogs of DuckLake 0.1 number each table's columns from 1.
 */
final class ColumnRows {

	/** One visible row and its parent column's id (null at the top). */
	record Row(ColumnEntry column, Long parent) {
	}

	private ColumnRows() {
	}

	/** The top-level columns of each table, in their order, each with its fields. */
	static Map<Long, List<ColumnEntry>> tree(List<Row> rows) {
		Map<List<Long>, List<ColumnEntry>> byParent = new HashMap<>();
		for (Row r : rows) {
			if (r.parent() != null) {
				byParent.computeIfAbsent(List.of(r.column().tableId(), r.parent()), k -> new ArrayList<>())
						.add(r.column());
			}
		}
		Map<Long, List<ColumnEntry>> out = new LinkedHashMap<>();
		for (Row r : rows) {
			if (r.parent() == null) {
				out.computeIfAbsent(r.column().tableId(), k -> new ArrayList<>()).add(withFields(r.column(),
						byParent));
			}
		}
		return out;
	}

	private static ColumnEntry withFields(ColumnEntry c, Map<List<Long>, List<ColumnEntry>> byParent) {
		List<ColumnEntry> fields = byParent.get(List.of(c.tableId(), c.id()));
		if (fields == null) {
			return c;
		}
		List<ColumnEntry> children = new ArrayList<>();
		for (ColumnEntry f : fields) {
			children.add(withFields(f, byParent));
		}
		return c.withChildren(children);
	}

	/** The column and its fields, depth first, each with its parent's id: the rows it is written as. */
	static List<Row> flatten(ColumnEntry c) {
		List<Row> out = new ArrayList<>();
		flatten(c, null, out);
		return out;
	}

	private static void flatten(ColumnEntry c, Long parent, List<Row> out) {
		out.add(new Row(c, parent));
		for (ColumnEntry f : c.children()) {
			flatten(f, c.id(), out);
		}
	}
}
