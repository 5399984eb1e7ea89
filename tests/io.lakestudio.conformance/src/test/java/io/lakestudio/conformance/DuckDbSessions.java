package io.lakestudio.conformance;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;

import org.duckdb.DuckDBConnection;

/**
 * The runner's SQL on raw DuckDB (a plain duckdb_jdbc connection), for testing the runner itself: what a file
 * expects is DuckDB's behaviour, so a right file passes here and a wrong one fails where it is wrong. Relative
 * file names resolve against the suite folder ({@code file_search_path}), as DuckDB's runner runs from its
 * repository.
 */
final class DuckDbSessions implements SessionFactory {

	private final Path suite;

	DuckDbSessions(Path suite) {
		this.suite = suite.toAbsolutePath();
	}

	@Override
	public String name() {
		return "raw DuckDB";
	}

	@Override
	public boolean has(String extension) {
		return Set.of("parquet", "json", "icu", "core_functions").contains(extension);
	}

	@Override
	public SqlDatabase open(Path state, CatalogKind catalog, Path file, boolean readOnly) throws SqlFailure {
		Properties p = new Properties();
		if (readOnly) {
			p.setProperty("duckdb.read_only", "true");
		}
		try {
			return new Database((DuckDBConnection) DriverManager.getConnection("jdbc:duckdb:" + (file == null ? ""
					: file.toString()), p));
		} catch (SQLException e) {
			throw new SqlFailure(e.getMessage(), e);
		}
	}

	private final class Database implements SqlDatabase {
		private final DuckDBConnection root;
		private final List<Session> sessions = new ArrayList<>();

		Database(DuckDBConnection root) {
			this.root = root;
		}

		@Override
		public synchronized SqlSession connect() throws SqlFailure {
			try {
				Connection c = root.duplicate();
				try (Statement s = c.createStatement()) {
					s.execute("SET file_search_path = '" + suite.toString().replace("'", "''") + "'");
				}
				Session s = new Session(c);
				sessions.add(s);
				return s;
			} catch (SQLException e) {
				throw new SqlFailure(e.getMessage(), e);
			}
		}

		@Override
		public synchronized void close() {
			sessions.forEach(Session::close);
			sessions.clear();
			try {
				root.close();
			} catch (SQLException e) {
				// going anyway
			}
		}
	}

	private static final class Session implements SqlSession {
		private final Connection c;
		private volatile Statement running;

		Session(Connection c) {
			this.c = c;
		}

		@Override
		public Rows execute(String sql) throws SqlFailure {
			try (Statement st = c.createStatement()) {
				running = st;
				if (!st.execute(sql)) {
					return new Rows(List.of(), List.of());
				}
				try (ResultSet rs = st.getResultSet()) {
					ResultSetMetaData md = rs.getMetaData();
					List<String> types = new ArrayList<>();
					for (int i = 1; i <= md.getColumnCount(); i++) {
						types.add(md.getColumnTypeName(i));
					}
					List<List<String>> rows = new ArrayList<>();
					while (rs.next()) {
						List<String> row = new ArrayList<>();
						for (int i = 1; i <= types.size(); i++) {
							int col = i;
							row.add(DuckText.of(types.get(i - 1), new DuckText.Cell() {
								@Override
								public Object object() throws SQLException {
									return rs.getObject(col);
								}

								@Override
								public String text() throws SQLException {
									return rs.getString(col);
								}
							}));
						}
						rows.add(row);
					}
					return new Rows(types, rows);
				}
			} catch (SQLException e) {
				throw new SqlFailure(e.getMessage(), e);
			} catch (Exception e) {
				throw new SqlFailure(e.toString(), e);
			} finally {
				running = null;
			}
		}

		@Override
		public void cancel() {
			Statement s = running;
			if (s != null) {
				try {
					s.cancel();
				} catch (SQLException e) {
					// it finished
				}
			}
		}

		@Override
		public void close() {
			try {
				c.close();
			} catch (SQLException e) {
				// going anyway
			}
		}
	}
}
