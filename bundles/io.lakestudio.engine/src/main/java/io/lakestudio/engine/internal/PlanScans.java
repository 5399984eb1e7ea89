package io.lakestudio.engine.internal;

import java.io.IOException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * The parquet scans of a DuckDB plan ({@code EXPLAIN (FORMAT JSON)}) and which table reference each one reads, so
 * that {@link RowGroups} judges each scan's filters against the footers of the right table. A name not understood
 * matches nothing: pruning the wrong table's row groups would read zeros.
 */
public final class PlanScans {

	private static final ObjectMapper JSON = new ObjectMapper();

	private PlanScans() {
	}

	/**
	 * One parquet scan of a plan: the columns it names (its projections and the columns of its filters, lower
	 * case), its filters' texts, and whether every name in them was understood (else nothing is matched on it).
	 */
	public record Scan(Set<String> columns, List<String> filters, boolean understood) {
	}

	/** Names a parquet scan of one of our views may carry besides its table's columns. */
	private static final Set<String> VIRTUAL = Set.of("filename", "file_row_number", "file_index");
	/** A partition value looked up by file (see {@link TableView}), its literals taken out: a name of the scan. */
	private static final Pattern PARTITION_LOOKUP = Pattern
			.compile("array_extract\\(\\[[^\\[\\]]*\\], \\(CAST\\(file_index AS BIGINT\\) \\+ 1\\)\\)");
	private static final Set<String> WORDS = Set.of("and", "or", "not", "is", "null", "in", "true", "false",
			"between", "like");
	private static final Pattern CAST = Pattern.compile("::[A-Z][A-Z0-9_ ]*(\\(\\d+(, ?\\d+)?\\))?");
	/** A number, not the digits of a name ({@code col_2}). */
	private static final Pattern NUMBER = Pattern.compile("(?<![A-Za-z0-9_])-?\\d+(\\.\\d+)?([eE][+-]?\\d+)?");
	private static final Pattern NAME = Pattern.compile("\"((?:[^\"]|\"\")*)\"|[A-Za-z_][A-Za-z0-9_]*");

	/** The physical plan of {@code body} as {@code EXPLAIN (FORMAT JSON)} gives it. */
	public static String plan(Connection d, String body) throws SQLException {
		StringBuilder plan = new StringBuilder();
		try (Statement s = d.createStatement(); ResultSet rs = s.executeQuery("EXPLAIN (FORMAT JSON) " + body)) {
			while (rs.next()) {
				if ("physical_plan".equals(rs.getString(1))) {
					plan.append(rs.getString(2));
				}
			}
		}
		return plan.toString();
	}

	/** The parquet scans of an {@code EXPLAIN (FORMAT JSON)} plan, in the plan's order; empty if unreadable. */
	public static List<Scan> scans(String planJson) {
		List<JsonNode> nodes = new ArrayList<>();
		try {
			scans(JSON.readTree(planJson), nodes);
		} catch (IOException e) {
			return List.of();
		}
		List<Scan> out = new ArrayList<>();
		for (JsonNode n : nodes) {
			List<String> texts = texts(n.path("extra_info").path("Filters"));
			Set<String> columns = new HashSet<>();
			boolean understood = true;
			for (String p : texts(n.path("extra_info").path("Projections"))) {
				String name = p.trim();
				if (name.length() > 1 && name.startsWith("\"") && name.endsWith("\"")) {
					name = name.substring(1, name.length() - 1).replace("\"\"", "\"");
				}
				if (!name.isEmpty()) {
					columns.add(name.toLowerCase(Locale.ROOT));
				}
			}
			for (String t : texts) {
				if (t.trim().startsWith("optional:")) {
					continue; // a join's filter: it names this scan's columns, but not in a form read here
				}
				understood &= names(t, columns);
			}
			out.add(new Scan(columns, texts, understood));
		}
		return out;
	}

	/** A JSON string (lines) or array of strings as texts. */
	private static List<String> texts(JsonNode n) {
		List<String> out = new ArrayList<>();
		if (n.isTextual()) {
			for (String line : n.asText().split("\n")) {
				if (!line.isBlank()) {
					out.add(line);
				}
			}
		} else {
			n.forEach(x -> out.add(x.asText()));
		}
		return out;
	}

	/**
	 * Adds the column names a filter text uses to {@code into}: what is left once literals, casts, numbers and
	 * SQL words are taken out. False when something else is left (a function, a word not known here).
	 */
	static boolean names(String filter, Set<String> into) {
		StringBuilder b = new StringBuilder();
		boolean quoted = false;
		for (int i = 0; i < filter.length(); i++) {
			char c = filter.charAt(i);
			if (c == '\'') {
				quoted = !quoted;
				b.append(' ');
			} else if (!quoted) {
				b.append(c);
			}
		}
		if (quoted) {
			return false;
		}
		String rest = NUMBER.matcher(CAST.matcher(PARTITION_LOOKUP.matcher(b).replaceAll(" file_index "))
				.replaceAll(" ")).replaceAll(" ");
		Matcher m = NAME.matcher(rest);
		boolean understood = true;
		int at = 0;
		while (m.find()) {
			String between = rest.substring(at, m.start());
			if (!between.matches("[\\s()<>=!,.+*/-]*")) {
				understood = false;
			}
			at = m.end();
			String name = m.group(1) != null ? m.group(1).replace("\"\"", "\"") : m.group();
			if (m.group(1) == null && WORDS.contains(name.toLowerCase(Locale.ROOT))) {
				continue;
			}
			if (m.group(1) == null && m.end() < rest.length() && rest.charAt(m.end()) == '(') {
				understood = false; // a function: its arguments may be columns or not
			}
			into.add(name.toLowerCase(Locale.ROOT));
		}
		return understood && rest.substring(at).matches("[\\s()<>=!,.+*/-]*");
	}

	/**
	 * Which scan reads each table reference of a statement over several: {@code columns} are the physical columns
	 * each reference reads (lower case). A scan can be a reference's only if every name it carries is one of that
	 * reference's columns (or a view's file name and row number), and the answer is given only when exactly one
	 * assignment of scans to references, one each, is possible: then it is the true one, since the true scan of a
	 * reference always fits it. Null when the plan has another number of scans, a name not understood, or more or
	 * fewer than one such assignment (nothing is pruned then).
	 */
	public static int[] match(List<Scan> scans, List<Set<String>> columns) {
		int n = columns.size();
		if (scans.size() != n || n == 0 || n > 8) {
			return null;
		}
		boolean[][] fits = new boolean[n][n];
		for (int j = 0; j < n; j++) {
			Scan sc = scans.get(j);
			if (!sc.understood()) {
				return null;
			}
			for (int i = 0; i < n; i++) {
				Set<String> own = columns.get(i);
				fits[i][j] = sc.columns().stream().allMatch(c -> own.contains(c) || VIRTUAL.contains(c));
			}
		}
		int[] found = new int[n];
		int[] count = { 0 };
		assign(fits, 0, new int[n], new boolean[n], found, count);
		return count[0] == 1 ? found : null;
	}

	/** Counts the one-to-one assignments (up to two), keeping the first in {@code found}. */
	private static void assign(boolean[][] fits, int i, int[] at, boolean[] used, int[] found, int[] count) {
		if (count[0] > 1) {
			return;
		}
		if (i == fits.length) {
			if (count[0]++ == 0) {
				System.arraycopy(at, 0, found, 0, at.length);
			}
			return;
		}
		for (int j = 0; j < fits.length; j++) {
			if (fits[i][j] && !used[j]) {
				used[j] = true;
				at[i] = j;
				assign(fits, i + 1, at, used, found, count);
				used[j] = false;
			}
		}
	}

	private static void scans(JsonNode n, List<JsonNode> out) {
		if (n.isObject()) {
			String name = n.path("name").asText("");
			String fn = n.path("extra_info").path("Function").asText("");
			if (name.toUpperCase(Locale.ROOT).contains("PARQUET") || fn.toUpperCase(Locale.ROOT).contains("PARQUET")) {
				out.add(n);
			}
		}
		if (n.isContainerNode()) {
			n.forEach(c -> scans(c, out));
		}
	}
}
