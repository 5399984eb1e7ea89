package io.lakestudio.engine.internal.ducklake;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;
import java.util.regex.Pattern;

import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.NestedTypes;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;
import io.lakestudio.engine.internal.Sql;

/**
 * A new column of a DuckLake table from DuckDB's type text, nested or not ({@link NestedTypes}: each field its
 * own id), and what the write path needs of a nested one: the {@code FIELD_IDS} of {@code COPY ... TO parquet}
 * that give every part its id, and the leaves (the parts that hold values) whose stats a file's footer has.
 */
final class NestedColumns {

	private static final Pattern COLLATE = Pattern.compile("(?i)\\bCOLLATE\\b");
	private static final Pattern COMPRESSION = Pattern.compile("(?i)\\bUSING\\s+COMPRESSION\\b");

	private NestedColumns() {
	}

	/** The column, its id and its fields' ids from {@code c} (none taken when {@code c} is null: a probe). */
	static ColumnEntry define(LongSupplier ids, long tableId, long order, String name, String duckType,
			String initialDefault, String defaultValue, boolean nulls) throws EngineException {
		try {
			return NestedTypes.column(name, duckType, ids, tableId, order,
					initialDefault, defaultValue, nulls);
		} catch (IllegalArgumentException e) {
			throw new EngineException(Kind.FAILED, e.getMessage());
		}
	}

	/** Column definitions DuckDB takes but DuckLake can't keep: refused before anything is made. */
	static void checkDefinitions(String definitions) throws EngineException {
		if (COLLATE.matcher(definitions).find()) {
			throw new EngineException(Kind.FAILED, "Not implemented Error: Collations are not supported in DuckLake");
		}
		if (COMPRESSION.matcher(definitions).find()) {
			throw new EngineException(Kind.FAILED, "Not implemented Error: Specifying a compression type for a column"
					+ " is not supported in DuckLake");
		}
	}

	/** The column's entry in {@code FIELD_IDS}: {@code name: id}, or {@code name: {__duckdb_field_id: id, ...}}. */
	static String fieldIds(ColumnEntry c) {
		return Sql.ident(c.name()) + ": " + ids(c);
	}

	private static String ids(ColumnEntry c) {
		if (c.children().isEmpty()) {
			return Long.toString(c.id());
		}
		List<String> parts = new ArrayList<>();
		parts.add("__duckdb_field_id: " + c.id());
		for (ColumnEntry f : c.children()) {
			parts.add(Sql.ident(f.name()) + ": " + ids(f));
		}
		return "{" + String.join(", ", parts) + "}";
	}

	/** A part of a column that holds values, and its path in a Parquet file as parquet_metadata names it. */
	record Leaf(ColumnEntry column, String path) {
	}

	/**
	 * The column's leaves: itself when primitive, else its fields' leaves, by their Parquet paths ({@code s, i};
	 * a list's element under {@code list}; a map's key and value under {@code key_value}).
	 */
	static List<Leaf> leaves(ColumnEntry c) {
		List<Leaf> out = new ArrayList<>();
		leaves(c, c.name(), out);
		return out;
	}

	private static void leaves(ColumnEntry c, String path, List<Leaf> out) {
		if (c.children().isEmpty()) {
			out.add(new Leaf(c, path));
			return;
		}
		String inner = switch (c.type()) {
		case "list" -> path + ", list";
		case "map" -> path + ", key_value";
		default -> path;
		};
		for (ColumnEntry f : c.children()) {
			leaves(f, inner + ", " + f.name(), out);
		}
	}
}
