package io.lakestudio.engine;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * Statements that belong together: what {@code ATTACH}, {@code USE} and {@code BEGIN ... COMMIT} set lasts until
 * the session closes (a script run by {@code lakestudio sql -f}, an editor). Each statement goes to the first
 * {@link CatalogKind} that calls it its own, else to the engine. Close each {@link Result} before the next
 * statement; closing the session rolls back an open transaction and detaches what it attached.
 */
public final class EngineSession implements AutoCloseable {

	private final Engine engine;
	private final String source;
	private final List<CatalogKind> kinds;
	/** Whether the statement last sent went to the engine (then a cancel is the engine's), not to a kind. */
	private volatile boolean atEngine;

	EngineSession(Engine engine, String source, List<CatalogKind> kinds) {
		this.engine = engine;
		this.source = source;
		this.kinds = List.copyOf(kinds);
	}

	/** Runs one statement. */
	public Result execute(String sql) throws EngineException {
		atEngine = false;
		for (CatalogKind k : kinds) {
			CatalogKind.Answer a = k.execute(sql);
			if (a != null) {
				try {
					Statement st = a.connection().createStatement();
					ResultSet rs = st.executeQuery(a.query());
					return new Result(st, rs, rs.next(), a.notices(), () -> {
					});
				} catch (SQLException e) {
					throw new EngineException(EngineException.Kind.FAILED, k.explain(e.getMessage()), e);
				}
			}
		}
		atEngine = true;
		return engine.execute(sql, source);
	}

	/**
	 * Stops this session's statement, from another thread: it fails (as DuckDB's "INTERRUPT Error"), and what it
	 * wrote is undone; the session stays usable, and an open transaction is aborted as on any failure.
	 */
	public void cancel() {
		for (CatalogKind k : kinds) {
			k.cancel();
		}
		if (atEngine) {
			engine.cancel();
		}
	}

	/** Attaches the DuckLake catalogs kept in the settings, as their ATTACH statements would. */
	public void attachKept(io.lakestudio.catalog.Settings settings) throws EngineException {
		for (DuckLakeAttachments.Attachment a : DuckLakeAttachments.of(settings)) {
			execute(a.attachStatement()).close();
		}
	}

	/**
	 * The statements of a script: split at semicolons outside quotes, identifiers and comments; blank ones and
	 * comments alone dropped.
	 */
	public static List<String> statements(String script) {
		List<String> out = new ArrayList<>();
		StringBuilder cur = new StringBuilder();
		boolean meaningful = false;
		for (int i = 0; i < script.length(); i++) {
			char c = script.charAt(i);
			if (c == '\'' || c == '"') {
				int j = i + 1;
				while (j < script.length() && !(script.charAt(j) == c
						&& (j + 1 >= script.length() || script.charAt(j + 1) != c))) {
					j += script.charAt(j) == c ? 2 : 1;
				}
				cur.append(script, i, Math.min(j + 1, script.length()));
				i = j;
				meaningful = true;
			} else if (c == '-' && i + 1 < script.length() && script.charAt(i + 1) == '-') {
				int j = script.indexOf('\n', i);
				i = j < 0 ? script.length() : j;
				cur.append('\n');
			} else if (c == '/' && i + 1 < script.length() && script.charAt(i + 1) == '*') {
				int j = script.indexOf("*/", i + 2);
				i = j < 0 ? script.length() : j + 1;
				cur.append(' ');
			} else if (c == ';') {
				if (meaningful) {
					out.add(cur.toString().strip());
				}
				cur.setLength(0);
				meaningful = false;
			} else {
				cur.append(c);
				meaningful |= !Character.isWhitespace(c);
			}
		}
		if (meaningful) {
			out.add(cur.toString().strip());
		}
		return out;
	}

	@Override
	public void close() {
		for (CatalogKind k : kinds) {
			k.close();
		}
	}
}
