package io.lakestudio.engine.internal.ducklake;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.lakestudio.engine.CatalogKind.Answer;
import io.lakestudio.engine.internal.Sql;

/**
 * EXPLAIN [ANALYZE] as DuckDB renders it under {@code profiling_renderer_settings = MAP {'operator_casing':
 * 'upper'}}: the engine's DuckDB has its configuration locked, so the session's setting is kept here and applied to
 * the plan's text, each operator's box named as its enum is ({@code TABLE_SCAN} for {@code Table Scan}, which has
 * as many characters, so the boxes keep their widths).
 */
final class ExplainCasing {

	/** An operator's name at the top of its box, the summary's box aside. */
	private static final Pattern BOX = Pattern.compile("(?<=[╭┌]─ )(?!Summary )([A-Z][A-Za-z]*(?: [A-Za-z]+)*)(?= ─)");

	private ExplainCasing() {
	}

	/** Runs the EXPLAIN and answers its rows, renamed. */
	static Answer upper(Connection d, String explain) throws SQLException {
		List<String> rows = new ArrayList<>();
		try (Statement s = d.createStatement(); ResultSet r = s.executeQuery(explain)) {
			while (r.next()) {
				rows.add("(" + Sql.string(r.getString(1)) + ", " + Sql.string(upper(r.getString(2))) + ")");
			}
		}
		return new Answer(d, rows.isEmpty() ? "SELECT NULL::VARCHAR AS explain_key, NULL::VARCHAR AS explain_value"
				+ " WHERE false" : "SELECT * FROM (VALUES " + String.join(", ", rows) + ") t(explain_key, explain_value)",
				List.of());
	}

	static String upper(String plan) {
		if (plan == null) {
			return null;
		}
		Matcher m = BOX.matcher(plan);
		StringBuilder out = new StringBuilder();
		while (m.find()) {
			m.appendReplacement(out, Matcher.quoteReplacement(m.group(1).toUpperCase(java.util.Locale.ROOT)
					.replace(' ', '_')));
		}
		return m.appendTail(out).toString();
	}
}
