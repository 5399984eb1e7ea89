package io.lakestudio.catalog.internal;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Writes one listing into the rows it covers (its scope): new rows are inserted, changed rows updated, and every
 * row seen gets the listing's time. On a complete listing a row it didn't name is marked dropped, and a row
 * already dropped by the previous complete listing is deleted. Knows whether anything but times changed, so the
 * watcher reports only real changes.
 */
final class ListingReplace {

	private record Existing(Object[] values, boolean dropped) {
	}

	private final Sql sql;
	private final String table;
	private final String keyExpr;
	private final boolean keyIsColumn;
	private final List<String> columns;
	private final String scope;
	private final Object[] scopeArgs;
	private final Instant readAt;
	private final Map<String, Existing> existing = new HashMap<>();
	private final Set<String> seen = new HashSet<>();
	private PreparedStatement insert;
	private PreparedStatement update;
	private PreparedStatement touch;
	private boolean changed;

	ListingReplace(Sql sql, String table, String keyExpr, List<String> columns, String scope, Instant readAt,
			Object... scopeArgs) {
		this.sql = sql;
		this.table = table;
		this.keyExpr = keyExpr;
		this.keyIsColumn = keyExpr.matches("\\w+");
		this.columns = columns;
		this.scope = scope;
		this.scopeArgs = scopeArgs;
		this.readAt = readAt;
		String q = "SELECT " + keyExpr + " AS k, " + String.join(", ", columns) + ", dropped_at FROM " + table
				+ " WHERE " + scope;
		try (var ps = sql.prepare(q, scopeArgs); ResultSet rs = ps.executeQuery()) {
			while (rs.next()) {
				Object[] values = new Object[columns.size()];
				for (int i = 0; i < values.length; i++) {
					values[i] = rs.getObject(i + 2);
				}
				existing.put(rs.getString(1), new Existing(values, rs.getObject(columns.size() + 2) != null));
			}
		} catch (SQLException e) {
			throw sql.fail(e);
		}
	}

	void put(String key, Object... values) {
		if (!seen.add(key)) {
			return; // a listing naming the same thing twice keeps the first
		}
		try {
			Existing old = existing.get(key);
			if (old == null) {
				insert().clearParameters();
				List<Object> args = new ArrayList<>();
				if (keyIsColumn) {
					args.add(key);
				}
				args.addAll(Arrays.asList(values));
				args.add(readAt);
				Sql.bind(insert, args.toArray());
				insert.executeUpdate();
				changed = true;
			} else if (old.dropped || !same(old.values, values)) {
				List<Object> args = new ArrayList<>(Arrays.asList(values));
				args.add(readAt);
				args.addAll(Arrays.asList(scopeArgs));
				args.add(key);
				Sql.bind(update(), args.toArray());
				update.executeUpdate();
				changed = true;
			} else {
				List<Object> args = new ArrayList<>();
				args.add(readAt);
				args.addAll(Arrays.asList(scopeArgs));
				args.add(key);
				Sql.bind(touch(), args.toArray());
				touch.executeUpdate();
			}
		} catch (SQLException e) {
			throw sql.fail(e);
		}
	}

	/** Ends the listing; on a complete one, marks what it didn't name dropped and deletes what was dropped. */
	void finish(boolean complete) {
		if (complete) {
			for (Map.Entry<String, Existing> e : existing.entrySet()) {
				if (seen.contains(e.getKey())) {
					continue;
				}
				List<Object> args = new ArrayList<>(Arrays.asList(scopeArgs));
				args.add(e.getKey());
				if (e.getValue().dropped) {
					sql.update("DELETE FROM " + table + " WHERE " + where(), args.toArray());
				} else {
					args.add(0, readAt);
					sql.update("UPDATE " + table + " SET dropped_at = ? WHERE " + where(), args.toArray());
				}
				changed = true;
			}
		}
		close(insert);
		close(update);
		close(touch);
	}

	/** A row of this listing by key; the scope first, so composite keys use the scope's index. */
	private String where() {
		return "(" + scope + ") AND " + keyExpr + " = ?";
	}

	boolean changed() {
		return changed;
	}

	private PreparedStatement insert() throws SQLException {
		if (insert == null) {
			List<String> cols = new ArrayList<>();
			if (keyIsColumn) {
				cols.add(keyExpr);
			}
			cols.addAll(columns);
			cols.add("last_read");
			insert = sql.prepare("INSERT INTO " + table + "(" + String.join(", ", cols) + ") VALUES ("
					+ String.join(", ", cols.stream().map(c -> "?").toList()) + ")");
		}
		return insert;
	}

	private PreparedStatement update() throws SQLException {
		if (update == null) {
			update = sql.prepare("UPDATE " + table + " SET "
					+ String.join(", ", columns.stream().map(c -> c + " = ?").toList())
					+ ", last_read = ?, dropped_at = NULL WHERE " + where());
		}
		return update;
	}

	private PreparedStatement touch() throws SQLException {
		if (touch == null) {
			touch = sql.prepare("UPDATE " + table + " SET last_read = ? WHERE " + where());
		}
		return touch;
	}

	/** Compares stored values with new ones; SQLite hands back integers as Integer or Long. */
	private static boolean same(Object[] stored, Object[] fresh) {
		for (int i = 0; i < stored.length; i++) {
			Object a = stored[i];
			Object b = fresh[i];
			if (a instanceof Number x && b instanceof Number y) {
				if (x.longValue() != y.longValue()) {
					return false;
				}
			} else if (!Objects.equals(a, b)) {
				return false;
			}
		}
		return true;
	}

	private static void close(PreparedStatement ps) {
		if (ps != null) {
			try {
				ps.close();
			} catch (SQLException e) {
				// nothing to lose
			}
		}
	}
}
