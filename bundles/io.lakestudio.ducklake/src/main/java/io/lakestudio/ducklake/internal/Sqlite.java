package io.lakestudio.ducklake.internal;

/** Quoting for the few statements written as text. */
final class Sqlite {

	private Sqlite() {
	}

	static String text(String s) {
		return s == null ? "NULL" : "'" + s.replace("'", "''") + "'";
	}
}
