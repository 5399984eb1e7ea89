package io.lakestudio.ducklake.internal;

import java.sql.Connection;
import java.sql.SQLException;

/** Quoting for the few statements written as text, and a write done as one transaction. */
final class Sqlite {

	private Sqlite() {
	}

	static String text(String s) {
		return s == null ? "NULL" : "'" + s.replace("'", "''") + "'";
	}

	/** Statements run on one connection. */
	interface Work {
		void run() throws SQLException;
	}

	/** {@code work} as one transaction: committed, or rolled back and its error thrown; autocommit again after. */
	static void transaction(Connection db, Work work) throws SQLException {
		db.setAutoCommit(false);
		try {
			work.run();
			db.commit();
		} catch (SQLException e) {
			db.rollback();
			throw e;
		} finally {
			db.setAutoCommit(true);
		}
	}
}
