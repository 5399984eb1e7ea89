package io.lakestudio.engine.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A Delta schema (the protocol's JSON) turned into DuckDB: each top-level column's physical name (what the Parquet
 * files call it under column mapping), the physical DuckDB type to declare in read_parquet's {@code schema=}, and
 * the expression that gives the logical value. Nested fields are not remapped by {@code schema=}, so under column
 * mapping a struct is rebuilt with struct_pack and a list with list_transform.
 */
public final class DeltaSchema {

	private static final ObjectMapper JSON = new ObjectMapper();
	private static final String PHYSICAL = "delta.columnMapping.physicalName";
	private static final Pattern DECIMAL = Pattern.compile("decimal\\((\\d+),\\s*(\\d+)\\)");

	/** A top-level column. */
	public record Column(String name, String physicalName, JsonNode type) {
	}

	private DeltaSchema() {
	}

	public static List<Column> columns(String schemaJson) throws IOException {
		List<Column> out = new ArrayList<>();
		for (JsonNode f : JSON.readTree(schemaJson).path("fields")) {
			out.add(new Column(f.path("name").asText(), physical(f), f.path("type")));
		}
		return out;
	}

	private static String physical(JsonNode field) {
		JsonNode p = field.path("metadata").path(PHYSICAL);
		return p.isTextual() ? p.asText() : field.path("name").asText();
	}

	/** The DuckDB type; with {@code physical}, struct fields carry their physical names. */
	public static String duckType(JsonNode t, boolean physical) {
		if (t.isTextual()) {
			return primitive(t.asText());
		}
		switch (t.path("type").asText()) {
		case "struct": {
			List<String> fs = new ArrayList<>();
			for (JsonNode f : t.path("fields")) {
				String n = physical ? physical(f) : f.path("name").asText();
				fs.add(Sql.ident(n) + " " + duckType(f.path("type"), physical));
			}
			return "STRUCT(" + String.join(", ", fs) + ")";
		}
		case "array":
			return duckType(t.path("elementType"), physical) + "[]";
		case "map":
			return "MAP(" + duckType(t.path("keyType"), physical) + ", " + duckType(t.path("valueType"), physical)
					+ ")";
		default:
			throw new IllegalArgumentException("unknown Delta type " + t);
		}
	}

	static String primitive(String t) {
		String s = t.toLowerCase(Locale.ROOT);
		Matcher m = DECIMAL.matcher(s);
		if (m.matches()) {
			return "DECIMAL(" + m.group(1) + "," + m.group(2) + ")";
		}
		return switch (s) {
		case "long" -> "BIGINT";
		case "integer", "int" -> "INTEGER";
		case "short" -> "SMALLINT";
		case "byte" -> "TINYINT";
		case "float" -> "FLOAT";
		case "double" -> "DOUBLE";
		case "boolean" -> "BOOLEAN";
		case "string" -> "VARCHAR";
		case "binary" -> "BLOB";
		case "date" -> "DATE";
		case "timestamp" -> "TIMESTAMPTZ";
		case "timestamp_ntz" -> "TIMESTAMP";
		default -> throw new IllegalArgumentException("unsupported Delta type " + t);
		};
	}

	/** The logical value of {@code expr}, a value of physical type {@code t}. */
	public static String logical(String expr, JsonNode t, int depth) {
		if (!renames(t)) {
			return expr;
		}
		switch (t.path("type").asText()) {
		case "struct": {
			List<String> fs = new ArrayList<>();
			for (JsonNode f : t.path("fields")) {
				String inner = "struct_extract(" + expr + ", " + Sql.string(physical(f)) + ")";
				fs.add(Sql.ident(f.path("name").asText()) + " := " + logical(inner, f.path("type"), depth + 1));
			}
			return "CASE WHEN " + expr + " IS NULL THEN NULL ELSE struct_pack(" + String.join(", ", fs) + ") END";
		}
		case "array": {
			String x = "x" + depth;
			return "list_transform(" + expr + ", lambda " + x + ": " + logical(x, t.path("elementType"), depth + 1)
					+ ")";
		}
		case "map": {
			String x = "e" + depth;
			return "map_from_entries(list_transform(map_entries(" + expr + "), lambda " + x + ": struct_pack(key := "
					+ logical("struct_extract(" + x + ", 'key')", t.path("keyType"), depth + 1) + ", value := "
					+ logical("struct_extract(" + x + ", 'value')", t.path("valueType"), depth + 1) + ")))";
		}
		default:
			return expr;
		}
	}

	/** Whether some nested field's physical name differs from its name. */
	static boolean renames(JsonNode t) {
		if (t.isTextual()) {
			return false;
		}
		return switch (t.path("type").asText()) {
		case "struct" -> {
			for (JsonNode f : t.path("fields")) {
				if (!physical(f).equals(f.path("name").asText()) || renames(f.path("type"))) {
					yield true;
				}
			}
			yield false;
		}
		case "array" -> renames(t.path("elementType"));
		case "map" -> renames(t.path("keyType")) || renames(t.path("valueType"));
		default -> false;
		};
	}
}
