package io.lakestudio.engine.internal.ducklake;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The DuckLake kind's DuckDB connection, made cancellable from another thread. One user statement runs many DuckDB
 * statements from Java (writing files, reading footers, the answer's query), and DuckDB stops only the one running
 * when asked ({@code Statement.cancel}), so this keeps the statements made on the connection and cancels those
 * running; a cancel that falls between two of them stops the next one to start. Either way the statement fails
 * with DuckDB's own "INTERRUPT Error", and what it wrote is undone as any failure's is (data before metadata).
 */
final class Interruptible {

	static final String INTERRUPTED = "INTERRUPT Error: Interrupted!";

	private final Set<Statement> open = ConcurrentHashMap.newKeySet();
	/** A cancel not yet delivered to a statement. */
	private final AtomicBoolean pending = new AtomicBoolean();
	private final Connection connection;

	Interruptible(Connection duck) {
		this.connection = (Connection) Proxy.newProxyInstance(Interruptible.class.getClassLoader(),
				new Class<?>[] { Connection.class }, (proxy, m, args) -> {
					Object r = call(duck, m, args);
					if (r instanceof PreparedStatement p) {
						return watch(p, PreparedStatement.class);
					}
					return r instanceof Statement s ? watch(s, Statement.class) : r;
				});
	}

	Connection connection() {
		return connection;
	}

	/** A new user statement begins: a cancel meant for the one before is not carried into it. */
	void begin() {
		pending.set(false);
		open.removeIf(Interruptible::closed);
	}

	/** Stops what runs now, or else the next DuckDB statement to start (from any thread). */
	void cancel() {
		pending.set(true);
		for (Statement s : open) {
			try {
				if (!s.isClosed()) {
					s.cancel();
				}
			} catch (SQLException | RuntimeException e) {
				// it ended meanwhile
			}
		}
	}

	private <T extends Statement> T watch(T statement, Class<T> type) {
		open.add(statement);
		InvocationHandler h = (proxy, m, args) -> {
			if (m.getName().startsWith("execute") && pending.getAndSet(false)) {
				throw new SQLException(INTERRUPTED);
			}
			try {
				return call(statement, m, args);
			} catch (SQLException e) {
				if (String.valueOf(e.getMessage()).contains("INTERRUPT")) {
					pending.set(false); // delivered
				}
				throw e;
			} finally {
				if (m.getName().equals("close")) {
					open.remove(statement);
				}
			}
		};
		return type.cast(Proxy.newProxyInstance(Interruptible.class.getClassLoader(), new Class<?>[] { type }, h));
	}

	private static Object call(Object target, Method m, Object[] args) throws Throwable {
		try {
			return m.invoke(target, args);
		} catch (InvocationTargetException e) {
			throw e.getCause();
		}
	}

	private static boolean closed(Statement s) {
		try {
			return s.isClosed();
		} catch (SQLException e) {
			return true;
		}
	}
}
