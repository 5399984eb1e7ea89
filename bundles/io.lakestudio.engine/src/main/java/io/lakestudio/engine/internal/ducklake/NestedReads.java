package io.lakestudio.engine.internal.ducklake;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.NestedTypes;
import io.lakestudio.engine.internal.Sql;

/**
 * The data files of a table with nested columns, read by field id all the way down. {@code read_parquet}'s
 * {@code schema} maps top-level columns by field id but a struct's fields by name, so a field renamed, dropped and
 * added again, or added after a file was written would read wrong. Here each file's own tree
 * ({@code parquet_schema}: names and field ids) names the fields as that file has them; files alike are read
 * together, each group's struct fields renamed to the catalog's names. A group whose files already have the
 * catalog's names and types throughout is read with no schema at all, so DuckDB keeps the footers' stats.
 */
final class NestedReads {

	private NestedReads() {
	}

	/** Whether the table needs this (some column nested); else the plain read by top-level field id does. */
	static boolean needed(List<ColumnEntry> columns) {
		return columns.stream().anyMatch(c -> !c.children().isEmpty());
	}

	/**
	 * A FROM item whose columns are {@code c<id>} for each column (and {@code filename}, {@code file_row_number}
	 * when {@code rowInfo}).
	 */
	static String source(Connection d, List<String> files, List<ColumnEntry> columns, boolean rowInfo)
			throws SQLException {
		Map<String, Node> trees = trees(d, files);
		Map<String, List<String>> groups = new LinkedHashMap<>();
		Map<String, List<Shape>> shapes = new HashMap<>();
		for (String f : files) {
			Node root = trees.get(f);
			List<Shape> s = new ArrayList<>();
			StringBuilder key = new StringBuilder();
			for (ColumnEntry c : columns) {
				Node n = root == null ? null : root.child(c.id());
				Shape sh = n == null ? null : new Shape(fileType(c, n), remaps(c, n), n);
				s.add(sh);
				key.append(sh == null ? "-" : sh.type).append('\u0000');
			}
			groups.computeIfAbsent(key.toString(), k -> new ArrayList<>()).add(f);
			shapes.putIfAbsent(key.toString(), s);
		}
		List<String> selects = new ArrayList<>();
		for (Map.Entry<String, List<String>> g : groups.entrySet()) {
			selects.add(group(d, g.getValue(), columns, shapes.get(g.getKey()), rowInfo));
		}
		return "(" + String.join(" UNION ALL ", selects) + ")";
	}

	private static String group(Connection d, List<String> files, List<ColumnEntry> columns, List<Shape> shapes,
			boolean rowInfo) throws SQLException {
		boolean exact = true;
		for (int i = 0; i < columns.size(); i++) {
			Shape s = shapes.get(i);
			exact &= s != null && s.type.equals(NestedTypes.duckType(columns.get(i))) && !s.remaps
					&& columns.get(i).name().equals(s.fileName);
		}
		List<String> quoted = new ArrayList<>();
		files.forEach(f -> quoted.add(Sql.string(f)));
		if (exact) {
			exact = sameTypes(d, quoted.get(0), columns);
		}
		if (exact && !rowInfo) {
			// the files' own names are the catalog's: read by name, so the planner keeps the footers' statistics
			List<String> select = new ArrayList<>();
			for (ColumnEntry c : columns) {
				select.add(Sql.ident(c.name()) + " AS " + Sql.ident("c" + c.id()));
			}
			return PerFileScan.select(String.join(", ", select), quoted, "");
		}
		StringBuilder from = new StringBuilder("read_parquet([" + String.join(", ", quoted) + "]");
		if (rowInfo) {
			from.append(", filename = true, file_row_number = true");
		}
		List<String> select = new ArrayList<>();
		if (exact) {
			// the files' own names are the catalog's: no schema, so the scan keeps the footers' statistics
			for (ColumnEntry c : columns) {
				select.add(Sql.ident(c.name()) + " AS " + Sql.ident("c" + c.id()));
			}
		} else {
			List<String> map = new ArrayList<>();
			for (int i = 0; i < columns.size(); i++) {
				ColumnEntry c = columns.get(i);
				Shape s = shapes.get(i);
				String type = s == null ? NestedTypes.duckType(c) : s.type;
				map.add(SchemaMap.entry(String.valueOf(c.id()), "c" + c.id(), type, c.initialDefault()));
				select.add(s == null || !s.remaps ? Sql.ident("c" + c.id())
						: remap(Sql.ident("c" + c.id()), c, s.node, 0) + " AS " + Sql.ident("c" + c.id()));
			}
			from.append(", schema = map {").append(String.join(", ", map)).append("}");
		}
		from.append(")");
		if (rowInfo) {
			select.add("filename");
			select.add("file_row_number");
		}
		return "SELECT " + String.join(", ", select) + " FROM " + from;
	}

	/** Whether the file's columns read as the catalog's types (none widened since it was written). */
	private static boolean sameTypes(Connection d, String file, List<ColumnEntry> columns) throws SQLException {
		Map<String, String> types = new HashMap<>();
		try (Statement s = d.createStatement(); ResultSet r = s.executeQuery("SELECT column_name, column_type FROM"
				+ " (DESCRIBE SELECT * FROM read_parquet(" + file + "))")) {
			while (r.next()) {
				types.put(r.getString(1), r.getString(2));
			}
		}
		for (ColumnEntry c : columns) {
			String t = types.get(c.name());
			try {
				if (t == null || !NestedTypes.duckType(NestedTypes.column(c.name(), t, () -> 0, 0, 0, null, null, true))
						.equals(NestedTypes.duckType(c))) {
					return false;
				}
			} catch (IllegalArgumentException e) {
				return false;
			}
		}
		return true;
	}

	/** A column as one file has it: DuckDB's type with that file's field names, and whether any differ. */
	private static final class Shape {
		final String type;
		final boolean remaps;
		final Node node;
		final String fileName;

		Shape(String type, boolean remaps, Node node) {
			this.type = type;
			this.remaps = remaps;
			this.node = node;
			this.fileName = node.name;
		}
	}

	/** The column's DuckDB type with each struct field named as the file names its field id (absent: a new name). */
	private static String fileType(ColumnEntry c, Node n) {
		switch (c.type()) {
		case "struct": {
			List<String> fields = new ArrayList<>();
			boolean present = false;
			for (ColumnEntry f : c.children()) {
				Node fn = n.child(f.id());
				fields.add(quote(fn == null ? absent(f) : fn.name) + " " + (fn == null ? NestedTypes.duckType(f)
						: fileType(f, fn)));
				present |= fn != null;
			}
			if (!present && !n.children.isEmpty()) {
				// DuckDB casts a struct to one with at least one member in common: one of the file's, unread
				fields.add(quote(n.children.get(0).name) + " VARCHAR");
			}
			return "STRUCT(" + String.join(", ", fields) + ")";
		}
		case "list": {
			Node e = n.element();
			return (e == null ? NestedTypes.duckType(c.children().get(0)) : fileType(c.children().get(0), e)) + "[]";
		}
		case "map": {
			Node kv = n.children.size() == 1 ? n.children.get(0) : n;
			Node k = kv.children.size() > 0 ? kv.children.get(0) : null;
			Node v = kv.children.size() > 1 ? kv.children.get(1) : null;
			return "MAP(" + (k == null ? NestedTypes.duckType(c.children().get(0)) : fileType(c.children().get(0), k))
					+ ", " + (v == null ? NestedTypes.duckType(c.children().get(1)) : fileType(c.children().get(1), v))
					+ ")";
		}
		default:
			return NestedTypes.duckType(c);
		}
	}

	/** Whether some struct field under the column is named otherwise in the file (or is not there). */
	private static boolean remaps(ColumnEntry c, Node n) {
		switch (c.type()) {
		case "struct":
			for (ColumnEntry f : c.children()) {
				Node fn = n.child(f.id());
				if (fn == null || !fn.name.equals(f.name()) || remaps(f, fn)) {
					return true;
				}
			}
			return false;
		case "list": {
			Node e = n.element();
			return e != null && remaps(c.children().get(0), e);
		}
		case "map": {
			Node kv = n.children.size() == 1 ? n.children.get(0) : n;
			return kv.children.size() == 2 && (remaps(c.children().get(0), kv.children.get(0))
					|| remaps(c.children().get(1), kv.children.get(1)));
		}
		default:
			return false;
		}
	}

	/** {@code expr} (of the file-named type) as the catalog's type: struct fields renamed, lists and maps inside. */
	private static String remap(String expr, ColumnEntry c, Node n, int depth) {
		if (n == null || !remaps(c, n)) {
			return expr;
		}
		String x = "__dl_x" + depth;
		switch (c.type()) {
		case "struct": {
			List<String> fields = new ArrayList<>();
			for (ColumnEntry f : c.children()) {
				Node fn = n.child(f.id());
				String field = expr + "." + quote(fn == null ? absent(f) : fn.name);
				if (fn == null && f.initialDefault() != null) {
					// a field added with a default after the file was written reads its default there
					field = "CAST(" + Sql.string(f.initialDefault()) + " AS " + NestedTypes.duckType(f) + ")";
				}
				fields.add(quote(f.name()) + " := " + remap(field, f, fn, depth + 1));
			}
			return "CASE WHEN " + expr + " IS NULL THEN NULL ELSE struct_pack(" + String.join(", ", fields) + ") END";
		}
		case "list":
			return "list_transform(" + expr + ", lambda " + x + ": " + remap(x, c.children().get(0), n.element(),
					depth + 1) + ")";
		case "map": {
			Node kv = n.children.size() == 1 ? n.children.get(0) : n;
			return "map_from_entries(list_transform(map_entries(" + expr + "), lambda " + x + ": struct_pack(key := "
					+ remap(x + ".key", c.children().get(0), kv.children.get(0), depth + 1) + ", value := "
					+ remap(x + ".value", c.children().get(1), kv.children.get(1), depth + 1) + ")))";
		}
		default:
			return expr;
		}
	}

	private static String absent(ColumnEntry f) {
		return "__dl_absent_" + f.id();
	}

	private static String quote(String name) {
		return "\"" + name.replace("\"", "\"\"") + "\"";
	}

	/** One element of a file's Parquet schema: its name, field id (or null) and children. */
	private static final class Node {
		final String name;
		final Long fieldId;
		final List<Node> children = new ArrayList<>();

		Node(String name, Long fieldId) {
			this.name = name;
			this.fieldId = fieldId;
		}

		Node child(long id) {
			for (Node c : children) {
				if (c.fieldId != null && c.fieldId == id) {
					return c;
				}
			}
			return null;
		}

		/** A list's element: under the repeated group of the three-level layout, or the repeated field itself. */
		Node element() {
			if (children.size() != 1) {
				return null;
			}
			Node rep = children.get(0);
			return rep.children.size() == 1 && rep.fieldId == null ? rep.children.get(0) : rep;
		}
	}

	/** Each file's schema tree, from one parquet_schema over all of them (rows in depth-first order). */
	private static Map<String, Node> trees(Connection d, List<String> files) throws SQLException {
		List<String> quoted = new ArrayList<>();
		files.forEach(f -> quoted.add(Sql.string(f)));
		Map<String, List<Object[]>> rows = new LinkedHashMap<>();
		try (Statement s = d.createStatement(); ResultSet r = s.executeQuery("SELECT file_name, name, field_id,"
				+ " num_children FROM parquet_schema([" + String.join(", ", quoted) + "])")) {
			while (r.next()) {
				long id = r.getLong(3);
				Long fieldId = r.wasNull() ? null : id;
				int n = r.getInt(4);
				rows.computeIfAbsent(r.getString(1), k -> new ArrayList<>()).add(new Object[] { r.getString(2), fieldId,
						r.wasNull() ? 0 : n });
			}
		}
		Map<String, Node> out = new HashMap<>();
		for (Map.Entry<String, List<Object[]>> e : rows.entrySet()) {
			int[] at = { 0 };
			out.put(e.getKey(), read(e.getValue(), at));
		}
		return out;
	}

	private static Node read(List<Object[]> rows, int[] at) {
		Object[] row = rows.get(at[0]++);
		Node n = new Node((String) row[0], (Long) row[1]);
		int children = (Integer) row[2];
		for (int i = 0; i < children && at[0] < rows.size(); i++) {
			n.children.add(read(rows, at));
		}
		return n;
	}
}
