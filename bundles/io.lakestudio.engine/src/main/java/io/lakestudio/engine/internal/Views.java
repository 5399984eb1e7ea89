package io.lakestudio.engine.internal;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The temp views statements read lake tables through (Delta's and Iceberg's alike), by table, snapshot and file
 * choice, with how a statement named each table (for messages). A long-lived engine sees ever new snapshots and
 * file choices, so at most {@code max} are kept: past that the least recently used view is dropped from DuckDB
 * with the table of deleted rows it anti-joins ({@code <view>_d}), never one the
 * running statement reads. A kept plan naming a dropped view is made again ({@link #allLive}). Not thread-safe
 * (statements run one at a time).
 */
final class Views {

	/** Enough for the tables of a session's editors and tabs; a dropped view costs its CREATE again. */
	static final int MAX = 256;

	private final int max;
	/** View names by key, least recently used first. */
	private final LinkedHashMap<String, String> byKey = new LinkedHashMap<>(64, 0.75f, true);
	private final Map<String, String> keyByName = new HashMap<>();
	private final Map<String, String> shownAs = new HashMap<>();
	/** The views the running statement reads: never dropped while it plans and runs. */
	private final Set<String> running = new HashSet<>();
	/** Views a session's own temp views and tables read: never dropped (DuckDB would not stop the drop). */
	private final Set<String> pinned = new HashSet<>();
	private int next;

	Views(int max) {
		this.max = max;
	}

	/** A statement begins planning: the views the last one read may go. */
	void begin() {
		running.clear();
	}

	/** The view kept under {@code key}, now read by the running statement; null if none. */
	String get(String key) {
		String v = byKey.get(key);
		if (v != null) {
			running.add(v);
		}
		return v;
	}

	/**
	 * Makes a view named {@code prefix + n} by running the statements {@code make} gives for that name, keeps it
	 * under {@code key} for the running statement and drops the least recently used views past the bound. A view
	 * whose statements failed leaves nothing behind.
	 */
	String create(Connection d, String key, String prefix, Maker make) throws SQLException, java.io.IOException {
		String name = prefix + (++next);
		try (Statement s = d.createStatement()) {
			for (String sql : make.statements(name)) {
				s.execute(sql);
			}
		} catch (SQLException | java.io.IOException | RuntimeException e) {
			drop(d, name);
			throw e;
		}
		byKey.put(key, name);
		keyByName.put(name, key);
		running.add(name);
		evict(d);
		return name;
	}

	/** The statements that make a view of a given name. */
	interface Maker {
		List<String> statements(String name) throws java.io.IOException;
	}

	/** Records how the running statement named the table a view reads (for messages). */
	void shownAs(String view, String shown) {
		if (keyByName.containsKey(view)) {
			shownAs.put(view, shown);
		}
	}

	/** How a statement named the table of {@code view}, or null if it is no view kept here. */
	String shownAs(String view) {
		return shownAs.get(view);
	}

	/** The views the running statement reads. */
	Set<String> running() {
		return Set.copyOf(running);
	}

	/** The running statement made a session's temp view or table over its views: they stay as long as it. */
	void pinRunning() {
		pinned.addAll(running);
	}

	/**
	 * Whether every view of a kept plan is still there; if so they are the running statement's and their use is
	 * recorded.
	 */
	boolean allLive(Collection<String> views) {
		for (String v : views) {
			if (!keyByName.containsKey(v)) {
				return false;
			}
		}
		for (String v : views) {
			byKey.get(keyByName.get(v));
			running.add(v);
		}
		return true;
	}

	/** How many views are kept. */
	int size() {
		return byKey.size();
	}

	private void evict(Connection d) {
		int kept = byKey.size();
		for (Iterator<String> it = byKey.values().iterator(); kept > max && it.hasNext();) {
			String v = it.next();
			if (!running.contains(v) && !pinned.contains(v)) {
				it.remove();
				kept--;
				keyByName.remove(v);
				shownAs.remove(v);
				drop(d, v);
			}
		}
	}

	private static void drop(Connection d, String name) {
		try (Statement s = d.createStatement()) {
			s.execute("DROP VIEW IF EXISTS " + Sql.own(name));
			s.execute("DROP TABLE IF EXISTS " + Sql.own(name + "_d"));
		} catch (SQLException e) {
			// DuckDB keeps it until the session ends; the name is never used again
		}
	}
}
