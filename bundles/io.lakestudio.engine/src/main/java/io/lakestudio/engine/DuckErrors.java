package io.lakestudio.engine;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;

import io.lakestudio.engine.EngineException.Kind;
import io.lakestudio.engine.internal.Sql;
import io.lakestudio.engine.internal.TableReads;

/**
 * What DuckDB's errors say to a user: the lake's names in place of the engine's views, and the cause behind a
 * result DuckDB lost.
 */
final class DuckErrors {

	/** A view or catalog answer a statement was pointed at, in DuckDB's messages. */
	private static final java.util.regex.Pattern VIEW = java.util.regex.Pattern.compile(
			"(?:" + Sql.ENGINE + "\\.main\\.)?\\b(__(?:lake|ice)_\\d+)\\b");

	private final TableReads reads;

	DuckErrors(TableReads reads) {
		this.reads = reads;
	}

	/**
	 * What went wrong, when DuckDB's streaming results lost it: an error while a statement starts comes back as
	 * "Invalid result set" (a bad cast, a damaged file, out of memory alike). Running it once more under EXPLAIN
	 * ANALYZE, which returns no rows, gives the error itself.
	 */
	static SQLException said(Connection d, String text, SQLException lost) {
		if (!String.valueOf(lost.getMessage()).contains("Invalid result set")) {
			return lost;
		}
		try (Statement s = d.createStatement(); ResultSet r = s.executeQuery("EXPLAIN ANALYZE " + text)) {
			return lost; // it ran this time: the first error stands
		} catch (SQLException e) {
			return e;
		}
	}

	/** DuckDB could not read a file (a cached copy damaged, or the lake's file changed under its name). */
	static boolean unreadable(SQLException e) {
		String m = String.valueOf(e.getMessage());
		String lower = m.toLowerCase(Locale.ROOT);
		return m.startsWith("IO Error") || m.startsWith("Invalid Error") || lower.contains("corrupt")
				|| (m.startsWith("Invalid Input Error") && lower.contains("parquet"));
	}

	/**
	 * DuckDB's message with the lake's names in place of the views a statement was pointed at; its "LINE 1:"
	 * excerpt and caret then point into text the user never wrote, so they go (the statement is shown anyway).
	 */
	String withLakeNames(String m) {
		String out = VIEW.matcher(m).replaceAll(v -> {
			String shown = reads.shownAs(v.group(1));
			return java.util.regex.Matcher.quoteReplacement(shown == null ? v.group() : shown);
		});
		if (out.equals(m)) {
			return m;
		}
		int line = out.indexOf("\n\nLINE ");
		return line < 0 ? out : out.substring(0, line);
	}

	EngineException translate(SQLException e) {
		String m = withLakeNames(e.getMessage() == null ? e.toString() : e.getMessage());
		if (m.startsWith("Permission Error") || m.contains("configuration has been locked")) {
			return new EngineException(Kind.REFUSED, "refused by the engine's lockdown: " + m, e);
		}
		return new EngineException(Kind.FAILED, m, e);
	}
}
