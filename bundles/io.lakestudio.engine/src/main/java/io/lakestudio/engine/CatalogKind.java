package io.lakestudio.engine;

import java.sql.Connection;
import java.util.List;

/**
 * A kind of catalog a session's statements may name, beside the OneLake tables the {@link Engine} answers: it
 * resolves the table references that are its own and carries out the statements on them (DDL, DML, its
 * functions). DuckLake is one (see {@code internal.ducklake.DuckLakeKind}); moraine and FDL catalogs come as
 * DuckLake stores, not as kinds.
 */
public interface CatalogKind extends AutoCloseable {

	/** The query that answers a statement, and the connection it runs on. */
	record Answer(Connection connection, String query, List<String> notices) {
	}

	/**
	 * Carries the statement out, or returns null when it names nothing of this kind (then the engine takes it).
	 * Throws when it is this kind's but fails or is refused.
	 */
	Answer execute(String statement) throws EngineException;

	/**
	 * Stops the statement this kind runs now, from another thread (it then fails); a cancel that comes between
	 * two of its steps stops the next one. Nothing to do by default.
	 */
	default void cancel() {
	}

	/** A failure of a query this kind answered, in the user's terms (which table a file belongs to). */
	default String explain(String message) {
		return message;
	}

	@Override
	void close();
}
