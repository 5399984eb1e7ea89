package io.lakestudio.engine.internal.ducklake;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import io.lakestudio.ducklake.DuckLakeTypes;
import io.lakestudio.ducklake.MacroEntry;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;
import io.lakestudio.engine.internal.Sql;

/**
 * The text of a macro: its implementations split apart, a body as DuckDB prints it once parsed (what the
 * extension keeps: {@code (x + 1)}, {@code ((a + b) + c)}), and a parameter list made again from the catalog's
 * rows.
 */
final class MacroText {

	private MacroText() {
	}

	/**
	 * {@code (a) AS a, (a, b) AS a + b}: one piece per implementation. A comma at depth 0 starts a new one only
	 * when a parameter list and AS follow it (a table body's own select list has commas too).
	 */
	static List<String> implementations(String rest) throws java.text.ParseException {
		List<String> out = new ArrayList<>();
		for (String piece : Text.commas(rest)) {
			if (out.isEmpty() || startsImplementation(piece)) {
				out.add(piece);
			} else {
				out.set(out.size() - 1, out.get(out.size() - 1) + ", " + piece);
			}
		}
		if (out.isEmpty() || !startsImplementation(out.get(0))) {
			throw new java.text.ParseException("a macro needs (parameters) AS body", 0);
		}
		return out;
	}

	private static boolean startsImplementation(String piece) {
		Text t = new Text(piece);
		try {
			t.parenthesised();
			return t.accept("AS");
		} catch (java.text.ParseException e) {
			return false;
		}
	}

	/** The statement parsed and printed by DuckDB; for a scalar body ({@code SELECT <expr>}) the expression alone. */
	static String normalised(Connection d, String statement, boolean scalar) throws SQLException, EngineException {
		String json;
		try (PreparedStatement ps = d.prepareStatement("SELECT json_serialize_sql(?)")) {
			ps.setString(1, statement);
			try (ResultSet r = ps.executeQuery()) {
				r.next();
				json = r.getString(1);
			}
		}
		if (json.startsWith("{\"error\":true")) {
			String m = json.replaceAll("(?s).*\"error_message\":\"((?:[^\"\\\\]|\\\\.)*)\".*", "$1");
			throw new EngineException(Kind.FAILED, "Parser Error: " + m.replace("\\\"", "\""));
		}
		String text;
		try (PreparedStatement ps = d.prepareStatement("SELECT json_deserialize_sql(?::JSON)")) {
			ps.setString(1, json);
			try (ResultSet r = ps.executeQuery()) {
				r.next();
				text = r.getString(1);
			}
		}
		return scalar ? expression(text) : text;
	}

	/** {@code SELECT <expr>} without its SELECT. */
	static String expression(String select) {
		String s = select.strip();
		return s.regionMatches(true, 0, "SELECT ", 0, 7) ? s.substring(7).strip() : s;
	}

	/** A parameter list from the catalog's rows: names, types where given, defaults as constants of their type. */
	static String parameters(List<MacroEntry.Parameter> ps) {
		List<String> out = new ArrayList<>();
		for (MacroEntry.Parameter p : ps) {
			StringBuilder b = new StringBuilder(Sql.ident(p.name()));
			String type = duckDb(p.type());
			if (type != null) {
				b.append(' ').append(type);
			}
			if (p.defaultValue() != null) {
				String dt = duckDb(p.defaultValueType());
				b.append(" := ").append(dt == null ? Sql.string(p.defaultValue())
						: "CAST(" + Sql.string(p.defaultValue()) + " AS " + dt + ")");
			}
			out.add(b.toString());
		}
		return String.join(", ", out);
	}

	private static String duckDb(String duckLakeType) {
		if (duckLakeType == null || duckLakeType.equals("unknown")) {
			return null;
		}
		try {
			return DuckLakeTypes.toDuckDb(duckLakeType);
		} catch (IllegalArgumentException e) {
			return null;
		}
	}

	/** A constant argument of a table macro's call as SQL: a number as it is, NULL, else a string. */
	static String literal(String v) {
		if (v == null) {
			return "NULL";
		}
		return v.matches("-?\\d+(\\.\\d+)?") ? v : Sql.string(v);
	}
}
