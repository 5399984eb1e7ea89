package io.lakestudio.engine.internal;

/** Quoting for the SQL the engine writes itself. */
public final class Sql {

	private Sql() {
	}

	/** A string literal. */
	public static String string(String s) {
		return "'" + s.replace("'", "''") + "'";
	}

	/** A quoted identifier. */
	public static String ident(String s) {
		return "\"" + s.replace("\"", "\"\"") + "\"";
	}
}
