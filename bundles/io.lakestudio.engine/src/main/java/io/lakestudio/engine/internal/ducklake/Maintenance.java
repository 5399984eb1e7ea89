package io.lakestudio.engine.internal.ducklake;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.Snapshot;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;
import io.lakestudio.engine.internal.Guard;
import io.lakestudio.engine.internal.Sql;

/**
 * DuckLake's maintenance calls and change feed as table functions (a {@code CALL} of one runs the same): each is
 * carried out and its rows go into a temp table with the extension's columns. Also what they share: their
 * arguments (constants, or expressions such as {@code now()} and lists, evaluated on DuckDB once they pass the
 * guard), the catalog's options they default to, and the commit they make outside any open transaction.
 */
final class Maintenance {

	private static final ObjectMapper JSON = new ObjectMapper();

	/** The maintenance calls a {@code CALL} carries out as its table function. */
	static final java.util.Set<String> CALLS = java.util.Set.of("merge_adjacent_files", "rewrite_data_files",
			"expire_snapshots", "cleanup_old_files", "delete_orphaned_files", "add_data_files", "flush_inlined_data");

	/** The options that hold an interval, and only globally. */
	private static final java.util.Set<String> INTERVALS = java.util.Set.of("delete_older_than", "expire_older_than");

	private Maintenance() {
	}

	/** The temp table answering one of the maintenance functions, or null when {@code name} is none of them. */
	static String answer(DuckLakeKind kind, Connection d, String name, Attached a, List<String> args,
			Map<String, String> named) throws EngineException, DuckLakeException, SQLException {
		String table = "__dl_fn_" + name;
		List<String> rows;
		String columns;
		switch (name) {
		case "ducklake_merge_adjacent_files", "ducklake_rewrite_data_files" -> {
			columns = "schema_name VARCHAR, table_name VARCHAR, files_processed BIGINT, files_created BIGINT";
			Compaction c = new Compaction(kind, d, a, name.contains("rewrite"));
			rows = c.run(args.size() > 1 ? args.get(1) : named.get("table_name"), named);
		}
		case "ducklake_flush_inlined_data" -> {
			columns = "schema_name VARCHAR, table_name VARCHAR, rows_flushed BIGINT";
			rows = new InlinedFlush(kind, d, a).run(args.size() > 1 ? args.get(1) : null, named);
		}
		case "ducklake_expire_snapshots" -> {
			columns = "snapshot_id BIGINT, snapshot_time TIMESTAMPTZ, schema_version BIGINT,"
					+ " changes MAP(VARCHAR, VARCHAR[]), author VARCHAR, commit_message VARCHAR, commit_extra_info VARCHAR";
			rows = new Cleanup(d, a).expire(named);
		}
		case "ducklake_cleanup_old_files" -> {
			columns = "path VARCHAR";
			rows = new Cleanup(d, a).oldFiles(named);
		}
		case "ducklake_delete_orphaned_files" -> {
			columns = "path VARCHAR";
			rows = new Cleanup(d, a).orphans(named);
		}
		case "ducklake_table_changes", "ducklake_table_insertions", "ducklake_table_deletions" -> {
			return new ChangeFeed(d, a).answer(table, name.substring("ducklake_table_".length()), args);
		}
		case "ducklake_add_data_files" -> {
			columns = "filename VARCHAR";
			rows = new AddFiles(kind, d, a).add(args, named);
		}
		default -> {
			return null;
		}
		}
		try (Statement s = d.createStatement()) {
			s.execute("CREATE OR REPLACE TEMP TABLE " + table + " (" + columns + ")");
			if (!rows.isEmpty()) {
				s.execute("INSERT INTO " + table + " VALUES " + String.join(", ", rows));
			}
		}
		return table;
	}

	/**
	 * An argument that is no constant, as DuckDB evaluates it: a list ({@code [1, 2]}), {@code now()},
	 * {@code now() - INTERVAL '1 week'}; null when it isn't a plain expression the guard lets through.
	 */
	static String evaluate(Connection d, JsonNode expression) throws EngineException, SQLException {
		JsonNode tree;
		try (PreparedStatement ps = d.prepareStatement("SELECT json_serialize_sql('SELECT 1')");
				ResultSet r = ps.executeQuery()) {
			r.next();
			tree = JSON.readTree(r.getString(1));
		} catch (java.io.IOException e) {
			return null;
		}
		ObjectNode node = (ObjectNode) tree.path("statements").path(0).path("node");
		JsonNode copy = expression.deepCopy();
		((ObjectNode) copy).put("alias", ""); // a named argument's name
		node.putArray("select_list").add(copy);
		String text;
		try (PreparedStatement ps = d.prepareStatement("SELECT json_deserialize_sql(?::JSON)")) {
			ps.setString(1, tree.toString());
			try (ResultSet r = ps.executeQuery()) {
				r.next();
				text = r.getString(1);
			}
		}
		Guard.parse(d, text, java.util.Set.of());
		try (Statement s = d.createStatement(); ResultSet r = s.executeQuery("SELECT (" + text.replaceFirst(
				"(?is)^\\s*SELECT\\s+", "") + ")::VARCHAR")) {
			r.next();
			return r.getString(1);
		}
	}

	/** A boolean named argument: absent is {@code dflt}; NULL is refused with the extension's words. */
	static boolean flag(Map<String, String> named, String key, boolean dflt) throws EngineException {
		if (!named.containsKey(key)) {
			return dflt;
		}
		String v = named.get(key);
		if (v == null) {
			throw new EngineException(Kind.FAILED, "Invalid Input Error: " + key + " option must be a non-null boolean");
		}
		return v.equalsIgnoreCase("true") || v.equals("1") || v.equalsIgnoreCase("t");
	}

	/** The catalog's global option, or null. */
	static String option(Attached a, String key) throws DuckLakeException {
		String v = a.catalog.store().metadata().get(key);
		return v == null || v.isBlank() ? null : v;
	}

	/** {@code 10KB}, {@code 1.5KB}, {@code 512MB}, {@code 1GiB}, or plain bytes. */
	static long bytes(String s) throws EngineException {
		java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?i)\\s*([0-9]+(?:\\.[0-9]+)?)\\s*([kmgt]?i?b?)?\\s*")
				.matcher(s);
		if (!m.matches()) {
			throw new EngineException(Kind.FAILED, "Invalid Input Error: not a size: " + s);
		}
		String unit = m.group(2) == null ? "" : m.group(2).toLowerCase(Locale.ROOT);
		double base = unit.contains("i") ? 1024 : 1000;
		int power = unit.isEmpty() || unit.equals("b") ? 0 : "kmgt".indexOf(unit.charAt(0)) + 1;
		return (long) (Double.parseDouble(m.group(1)) * Math.pow(base, power));
	}

	/** An instant as DuckDB reads it ({@code now() - INTERVAL ...} evaluated, or a timestamp's text). */
	static java.time.Instant instant(Connection d, String text) throws SQLException {
		try (PreparedStatement ps = d.prepareStatement("SELECT epoch_us(?::TIMESTAMPTZ)")) {
			ps.setString(1, text);
			try (ResultSet r = ps.executeQuery()) {
				r.next();
				long us = r.getLong(1);
				return java.time.Instant.ofEpochSecond(Math.floorDiv(us, 1_000_000), Math.floorMod(us, 1_000_000) * 1000L);
			}
		}
	}

	/** Now minus an interval option ({@code 1 week}); null when the option is unset or empty. */
	static java.time.Instant ago(Connection d, String interval) throws SQLException {
		if (interval == null || interval.isBlank()) {
			return null;
		}
		try (PreparedStatement ps = d.prepareStatement("SELECT epoch_us(now() - ?::INTERVAL)")) {
			ps.setString(1, interval);
			try (ResultSet r = ps.executeQuery()) {
				r.next();
				long us = r.getLong(1);
				return java.time.Instant.ofEpochSecond(Math.floorDiv(us, 1_000_000), Math.floorMod(us, 1_000_000) * 1000L);
			}
		}
	}

	/** Whether {@code value} is an interval DuckDB reads (the options that take one are checked when set). */
	static boolean interval(Connection d, String value) throws SQLException {
		if (value.isBlank()) {
			return true;
		}
		try (PreparedStatement ps = d.prepareStatement("SELECT TRY_CAST(? AS INTERVAL) IS NOT NULL")) {
			ps.setString(1, value);
			try (ResultSet r = ps.executeQuery()) {
				r.next();
				return r.getBoolean(1);
			}
		}
	}

	/** Refuses an option value the maintenance calls could not use, with the extension's words. */
	static void checkOption(Connection d, String key, String value, boolean scoped) throws EngineException,
			SQLException {
		String k = key.toLowerCase(Locale.ROOT);
		if (INTERVALS.contains(k)) {
			if (scoped) {
				throw new EngineException(Kind.FAILED, "Invalid Input Error: " + k + " can only be set globally");
			}
			if (!interval(d, value)) {
				throw new EngineException(Kind.FAILED, "Invalid Input Error: " + k + " is not a valid interval value.");
			}
		}
		if (k.equals("target_file_size")) {
			bytes(value);
		}
		if (k.equals("rewrite_delete_threshold")) {
			double t;
			try {
				t = Double.parseDouble(value.strip());
			} catch (NumberFormatException e) {
				t = -1;
			}
			if (t < 0 || t > 1) {
				throw new EngineException(Kind.FAILED, "Invalid Input Error: The rewrite_delete_threshold must be"
						+ " between 0 and 1");
			}
		}
	}

	/**
	 * A new commit for a maintenance call, on the latest committed snapshot, which commits on its own. Inside a
	 * transaction with changes it neither sees nor touches them (the extension's rewrite "is a no-op: transactional
	 * isolation hides the in-transaction delete"); that transaction's COMMIT then meets it as another writer's.
	 */
	static Commit commit(Attached a) throws EngineException, DuckLakeException {
		Changes.writable(a);
		return new Commit(a.catalog.store().latest());
	}

	static String text(String s) {
		return s == null ? "NULL" : Sql.string(s);
	}

	static String snapshotRow(Snapshot s) {
		return "(" + s.id() + ", " + Sql.string(s.time().toString()) + "::TIMESTAMPTZ, " + s.schemaVersion() + ", "
				+ Functions.changes(s.changesMade()) + ", " + text(s.author()) + ", " + text(s.commitMessage()) + ", NULL)";
	}

	static List<String> list(String text) {
		List<String> out = new ArrayList<>();
		if (text == null) {
			return out;
		}
		String t = text.strip();
		if (t.startsWith("[") && t.endsWith("]")) {
			t = t.substring(1, t.length() - 1);
		}
		for (String x : t.split(",")) {
			String v = x.strip();
			if (v.startsWith("'") && v.endsWith("'") && v.length() >= 2) {
				v = v.substring(1, v.length() - 1);
			}
			if (!v.isEmpty()) {
				out.add(v);
			}
		}
		return out;
	}
}
