package io.lakestudio.engine.internal;

/** Quoting for the SQL the engine writes itself. */
public final class Sql {

	/**
	 * The database the engine keeps its own views and tables in (an in-memory one attached before the lockdown):
	 * user SQL makes temp objects only, so it can create or replace nothing here, and a name the engine writes
	 * qualified with it binds to nothing a statement made (a temp view or a CTE of the same name).
	 */
	public static final String ENGINE = "__lakestudio";

	private Sql() {
	}

	/** One of the engine's own objects, qualified: {@code __lakestudio.main."name"}. */
	public static String own(String name) {
		return ENGINE + ".main." + ident(name);
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
