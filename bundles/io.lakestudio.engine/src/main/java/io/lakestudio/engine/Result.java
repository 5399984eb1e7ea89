package io.lakestudio.engine;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The rows of a statement, streamed from DuckDB as the caller reads them (never materialised whole), and the
 * notices about how it was answered (an offline read of a held snapshot and its age). Close it: the engine runs
 * one statement at a time and the next waits until this one is closed.
 */
public final class Result implements AutoCloseable {

	private final Statement statement;
	private final ResultSet rows;
	private final List<String> names = new ArrayList<>();
	private final List<String> types = new ArrayList<>();
	private final List<String> notices;
	private final Runnable onClose;
	private boolean closed;
	/** The engine read the first row already (inside its retry): the first {@link #next} answers this. */
	private Boolean first;

	Result(Statement statement, ResultSet rows, boolean hasFirst, List<String> notices, Runnable onClose)
			throws SQLException {
		this.statement = statement;
		this.rows = rows;
		this.first = hasFirst;
		this.notices = List.copyOf(notices);
		this.onClose = onClose;
		ResultSetMetaData md = rows.getMetaData();
		for (int i = 1; i <= md.getColumnCount(); i++) {
			names.add(md.getColumnLabel(i));
			types.add(md.getColumnTypeName(i));
		}
	}

	public List<String> columnNames() {
		return names;
	}

	/** DuckDB's type names: BIGINT, VARCHAR, DECIMAL(10,2), STRUCT(...)... */
	public List<String> columnTypes() {
		return types;
	}

	public List<String> notices() {
		return notices;
	}

	public boolean next() throws EngineException {
		if (first != null) {
			boolean f = first;
			first = null;
			return f;
		}
		try {
			return rows.next();
		} catch (SQLException e) {
			throw new EngineException(EngineException.Kind.FAILED, e.getMessage(), e);
		}
	}

	/** The value of column {@code i} (0-based) as JDBC gives it. */
	public Object value(int i) throws EngineException {
		try {
			return rows.getObject(i + 1);
		} catch (SQLException e) {
			throw new EngineException(EngineException.Kind.FAILED, e.getMessage(), e);
		}
	}

	/** The value of column {@code i} as {@code type} (e.g. LocalDateTime for a TIMESTAMP), or null. */
	public <T> T value(int i, Class<T> type) throws EngineException {
		try {
			return rows.getObject(i + 1, type);
		} catch (SQLException e) {
			throw new EngineException(EngineException.Kind.FAILED, e.getMessage(), e);
		}
	}

	/** The value as text, null for NULL. */
	public String text(int i) throws EngineException {
		try {
			return rows.getString(i + 1);
		} catch (SQLException e) {
			throw new EngineException(EngineException.Kind.FAILED, e.getMessage(), e);
		}
	}

	@Override
	public void close() {
		if (closed) {
			return;
		}
		closed = true;
		try {
			rows.close();
			statement.close();
		} catch (SQLException e) {
			// closing a finished result cannot fail in a way the caller could act on
		} finally {
			onClose.run();
		}
	}
}
