package io.lakestudio.catalog.internal;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.lakestudio.catalog.CatalogException;

/** Small JDBC helpers: bind parameters, map rows, turn SQLExceptions into CatalogExceptions naming the file. */
final class Sql {

	interface RowMapper<T> {
		T map(ResultSet rs) throws SQLException;
	}

	private final Connection connection;
	private final String file;

	Sql(Connection connection, String file) {
		this.connection = connection;
		this.file = file;
	}

	<T> List<T> list(String sql, RowMapper<T> mapper, Object... args) {
		try (PreparedStatement ps = prepare(sql, args); ResultSet rs = ps.executeQuery()) {
			List<T> out = new ArrayList<>();
			while (rs.next()) {
				out.add(mapper.map(rs));
			}
			return out;
		} catch (SQLException e) {
			throw fail(e);
		}
	}

	<T> Optional<T> one(String sql, RowMapper<T> mapper, Object... args) {
		List<T> rows = list(sql, mapper, args);
		return rows.isEmpty() ? Optional.empty() : Optional.of(rows.get(0));
	}

	long count(String sql, Object... args) {
		return one(sql, rs -> rs.getLong(1), args).orElse(0L);
	}

	int update(String sql, Object... args) {
		try (PreparedStatement ps = prepare(sql, args)) {
			return ps.executeUpdate();
		} catch (SQLException e) {
			throw fail(e);
		}
	}

	PreparedStatement prepare(String sql, Object... args) throws SQLException {
		PreparedStatement ps = connection.prepareStatement(sql);
		bind(ps, args);
		return ps;
	}

	static void bind(PreparedStatement ps, Object... args) throws SQLException {
		for (int i = 0; i < args.length; i++) {
			Object a = args[i];
			if (a == null) {
				ps.setNull(i + 1, Types.NULL);
			} else if (a instanceof Instant t) {
				ps.setLong(i + 1, t.toEpochMilli());
			} else if (a instanceof Boolean b) {
				ps.setInt(i + 1, b ? 1 : 0);
			} else {
				ps.setObject(i + 1, a);
			}
		}
	}

	CatalogException fail(SQLException e) {
		return new CatalogException("Catalog " + file + ": " + e.getMessage(), e);
	}

	static Instant instant(ResultSet rs, String column) throws SQLException {
		long v = rs.getLong(column);
		return rs.wasNull() ? null : Instant.ofEpochMilli(v);
	}

	static Long longOrNull(ResultSet rs, String column) throws SQLException {
		long v = rs.getLong(column);
		return rs.wasNull() ? null : v;
	}

	static Instant instant(ResultSet rs, int column) throws SQLException {
		long v = rs.getLong(column);
		return rs.wasNull() ? null : Instant.ofEpochMilli(v);
	}

	static Long longOrNull(ResultSet rs, int column) throws SQLException {
		long v = rs.getLong(column);
		return rs.wasNull() ? null : v;
	}
}
