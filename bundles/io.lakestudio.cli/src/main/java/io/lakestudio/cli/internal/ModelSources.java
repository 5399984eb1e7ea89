package io.lakestudio.cli.internal;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * A semantic model's tables and the lakehouse tables they read, from its definition's parts: TMDL
 * ({@code definition/tables/*.tmdl}, {@code definition/expressions.tmdl}) or {@code model.bim}. It reads what Direct
 * Lake and import partitions say: an entity partition's {@code entityName}/{@code schemaName} and the shared
 * expression it names, or the navigation steps of an M query ({@code lakehouseId="…"}, {@code Id="…"}, {@code Item=…}).
 * Anything else is shown as not understood rather than guessed.
 */
final class ModelSources {

	/** A lakehouse table a model table reads; {@code lakehouse} is an item id, or the source as written. */
	record Read(String lakehouse, boolean lakehouseIsId, String schema, String table) {
	}

	record Table(String name, String mode, List<Read> reads) {
	}

	private record Partition(String table, String mode, String entity, String schema, String expressionSource,
			String text) {
	}

	private static final Pattern DATA_LAKE = Pattern
			.compile("AzureStorage\\.DataLake\\(\\s*\"https?://[^/\"]+/([^/\"]+)/([^/\"?]+)");
	private static final Pattern SQL_DATABASE = Pattern.compile("Sql\\.Database\\(\\s*\"([^\"]+)\"\\s*,\\s*\"([^\"]+)\"");
	private static final Pattern LAKEHOUSE_ID = Pattern.compile("lakehouseId\\s*=\\s*\"([^\"]+)\"");
	private static final Pattern M_TABLE = Pattern.compile("\\bId\\s*=\\s*\"([^\"]+)\"\\s*,\\s*ItemKind\\s*=\\s*\"Table\"");
	private static final Pattern M_SCHEMA_ITEM = Pattern
			.compile("Schema\\s*=\\s*\"([^\"]+)\"\\s*,\\s*Item\\s*=\\s*\"([^\"]+)\"");

	private ModelSources() {
	}

	static List<Table> read(Map<String, String> parts) {
		List<Partition> partitions = new ArrayList<>();
		Map<String, String> expressions = new LinkedHashMap<>();
		for (Map.Entry<String, String> p : parts.entrySet()) {
			if (p.getKey().endsWith(".tmdl")) {
				tmdl(p.getValue(), partitions, expressions);
			} else if (p.getKey().endsWith("model.bim")) {
				bim(p.getValue(), partitions, expressions);
			}
		}
		Map<String, Table> tables = new LinkedHashMap<>();
		for (Partition p : partitions) {
			Table t = tables.computeIfAbsent(p.table(), n -> new Table(n, p.mode(), new ArrayList<>()));
			Read r = resolve(p, expressions);
			if (r != null && !t.reads().contains(r)) {
				t.reads().add(r);
			}
		}
		return List.copyOf(tables.values());
	}

	private static Read resolve(Partition p, Map<String, String> expressions) {
		if (p.entity() != null) {
			String source = p.expressionSource() == null ? "" : expressions.getOrDefault(p.expressionSource(), "");
			return lakehouse(source, p.schema(), p.entity());
		}
		String text = p.text();
		for (Map.Entry<String, String> e : expressions.entrySet()) {
			if (text.contains(e.getKey())) {
				text = text + "\n" + e.getValue(); // the query starts from a shared expression
			}
		}
		Matcher table = M_TABLE.matcher(text);
		if (table.find()) {
			return lakehouse(text, null, table.group(1));
		}
		Matcher item = M_SCHEMA_ITEM.matcher(text);
		return item.find() ? lakehouse(text, item.group(1), item.group(2)) : null;
	}

	private static Read lakehouse(String source, String schema, String table) {
		Matcher m = DATA_LAKE.matcher(source);
		if (m.find()) {
			return new Read(m.group(2), true, schema, table);
		}
		m = LAKEHOUSE_ID.matcher(source);
		if (m.find()) {
			return new Read(m.group(1), true, schema, table);
		}
		m = SQL_DATABASE.matcher(source);
		if (m.find()) {
			return new Read("SQL endpoint " + m.group(2), false, schema, table);
		}
		return new Read("(source not understood)", false, schema, table);
	}

	/** TMDL: a {@code table} at the left margin, its partitions one tab in, their properties deeper. */
	private static void tmdl(String text, List<Partition> partitions, Map<String, String> expressions) {
		String table = null;
		String[] lines = text.split("\\R");
		for (int i = 0; i < lines.length; i++) {
			String line = lines[i];
			int depth = depth(line);
			String s = line.strip();
			if (depth == 0 && s.startsWith("table ")) {
				table = unquote(s.substring("table ".length()));
			} else if (depth == 0 && s.startsWith("expression ")) {
				String head = s.substring("expression ".length());
				int eq = head.indexOf('=');
				StringBuilder body = new StringBuilder(eq < 0 ? "" : head.substring(eq + 1));
				while (i + 1 < lines.length && (lines[i + 1].isBlank() || depth(lines[i + 1]) > 0)) {
					body.append('\n').append(lines[++i]);
				}
				expressions.put(unquote(eq < 0 ? head : head.substring(0, eq)), body.toString());
			} else if (depth == 1 && s.startsWith("partition ") && table != null) {
				StringBuilder block = new StringBuilder();
				while (i + 1 < lines.length && (lines[i + 1].isBlank() || depth(lines[i + 1]) > 1)) {
					block.append(lines[++i].strip()).append('\n');
				}
				String b = block.toString();
				boolean entity = s.matches(".*=\\s*entity\\s*$");
				partitions.add(new Partition(table, property(b, "mode"), entity ? property(b, "entityName") : null,
						property(b, "schemaName"), property(b, "expressionSource"), b));
			}
		}
	}

	private static void bim(String text, List<Partition> partitions, Map<String, String> expressions) {
		JsonNode model;
		try {
			model = new ObjectMapper().readTree(text).path("model");
		} catch (IOException e) {
			throw new Die(3, "The model's model.bim is not JSON: " + e.getMessage());
		}
		for (JsonNode e : model.path("expressions")) {
			expressions.put(e.path("name").asText(), joined(e.path("expression")));
		}
		for (JsonNode t : model.path("tables")) {
			for (JsonNode p : t.path("partitions")) {
				JsonNode src = p.path("source");
				boolean entity = "entity".equals(src.path("type").asText());
				partitions.add(new Partition(t.path("name").asText(), p.path("mode").asText(null),
						entity ? src.path("entityName").asText(null) : null, src.path("schemaName").asText(null),
						src.path("expressionSource").asText(null), joined(src.path("expression"))));
			}
		}
	}

	private static String joined(JsonNode n) {
		if (n.isArray()) {
			List<String> lines = new ArrayList<>();
			n.forEach(l -> lines.add(l.asText()));
			return String.join("\n", lines);
		}
		return n.asText("");
	}

	private static String property(String block, String name) {
		Matcher m = Pattern.compile("(?m)^" + name + ":\\s*(.+)$").matcher(block);
		return m.find() ? unquote(m.group(1)) : null;
	}

	private static int depth(String line) {
		int d = 0;
		while (d < line.length() && line.charAt(d) == '\t') {
			d++;
		}
		return d;
	}

	private static String unquote(String s) {
		s = s.strip();
		return s.length() > 1 && s.startsWith("'") && s.endsWith("'") ? s.substring(1, s.length() - 1).replace("''", "'")
				: s;
	}
}
