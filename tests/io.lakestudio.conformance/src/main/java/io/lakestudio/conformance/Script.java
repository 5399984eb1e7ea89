package io.lakestudio.conformance;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import io.lakestudio.conformance.Command.Condition;
import io.lakestudio.conformance.Command.Directive;
import io.lakestudio.conformance.Command.Expect;
import io.lakestudio.conformance.Command.Loop;
import io.lakestudio.conformance.Command.Sort;
import io.lakestudio.conformance.Command.Sql;

/**
 * Reads a file of DuckDB's sqllogictest dialect into {@link Command}s, as DuckDB's own runner reads it: records are
 * separated by empty or {@code #} lines; a record's SQL ends at {@code ----}; an expected result or error runs to
 * the next empty line. {@code skipif}/{@code onlyif <system>} and {@code mode skip}...{@code mode unskip} are
 * decided here (this runner counts as {@code duckdb}); conditions on loop variables when the record runs.
 */
public final class Script {

	/** Directives that are one line, taken as they are and carried out by {@link FileRun}. */
	private static final Set<String> DIRECTIVES = Set.of("require", "require-env", "test-env", "unzip", "load",
			"restart", "reconnect", "sleep", "hash-threshold", "halt", "set", "reset", "mode", "tags");

	private final List<String> lines;
	private int at;

	private Script(List<String> lines) {
		this.lines = lines;
	}

	/** The file's records, or a {@link BadScript} naming the line that isn't the dialect. */
	public static List<Command> read(Path file) throws IOException, BadScript {
		List<String> lines = new ArrayList<>();
		for (String l : Files.readAllLines(file)) {
			lines.add(l.replace("\r", ""));
		}
		return parse(lines);
	}

	public static List<Command> parse(List<String> lines) throws BadScript {
		return new Script(lines).commands();
	}

	/** A line that isn't the dialect. */
	public static final class BadScript extends Exception {
		private static final long serialVersionUID = 1L;
		public final int line;

		BadScript(int line, String message) {
			super("line " + line + ": " + message);
			this.line = line;
		}
	}

	private static boolean emptyOrComment(String l) {
		return l.isEmpty() || l.startsWith("#");
	}

	private static List<String> tokens(String l) {
		return Arrays.stream(l.trim().split("\\s+")).filter(s -> !s.isEmpty()).toList();
	}

	private List<Command> commands() throws BadScript {
		Deque<List<Command>> bodies = new ArrayDeque<>();
		Deque<Loop> loops = new ArrayDeque<>();
		List<Command> top = new ArrayList<>();
		bodies.push(top);
		int skipLevel = 0;
		while (true) {
			while (at < lines.size() && emptyOrComment(lines.get(at))) {
				at++;
			}
			if (at >= lines.size()) {
				break;
			}
			int start = at + 1;
			List<String> t = tokens(lines.get(at));
			List<Condition> conditions = new ArrayList<>();
			boolean skip = false;
			while (!t.isEmpty() && (t.get(0).equals("skipif") || t.get(0).equals("onlyif"))) {
				boolean skipIf = t.get(0).equals("skipif");
				if (t.size() < 2) {
					throw new BadScript(at + 1, "skipif/onlyif needs a parameter");
				}
				Condition c = condition(t.get(1), skipIf);
				if (c != null) {
					conditions.add(c);
				} else if (t.get(1).toLowerCase(Locale.ROOT).equals("duckdb") == skipIf) {
					skip = true;
				}
				at++;
				t = at < lines.size() ? tokens(lines.get(at)) : List.of();
			}
			if (t.isEmpty()) {
				throw new BadScript(start, "skipif/onlyif with no record after it");
			}
			String word = t.get(0);
			List<String> params = t.subList(1, t.size());
			if (skip || (skipLevel > 0 && !word.equals("mode"))) {
				skipRecord();
				continue;
			}
			List<Command> body = bodies.peek();
			switch (word) {
			case "statement" -> body.add(statement(start, params, conditions));
			case "query" -> body.add(query(start, params, conditions));
			case "loop", "concurrentloop" -> {
				if (params.size() != 3) {
					throw new BadScript(start, "expected loop <name> <start> <end>");
				}
				List<String> values = new ArrayList<>();
				try {
					for (int i = Integer.parseInt(params.get(1)); i < Integer.parseInt(params.get(2)); i++) {
						values.add(Integer.toString(i));
					}
				} catch (NumberFormatException e) {
					throw new BadScript(start, "loop bounds must be numbers");
				}
				open(bodies, loops, new Loop(start, params.get(0), values, word.startsWith("concurrent"),
						new ArrayList<>()));
				at++;
			}
			case "foreach", "concurrentforeach" -> {
				if (params.size() < 2) {
					throw new BadScript(start, "expected foreach <name> <value>...");
				}
				List<String> values = new ArrayList<>();
				for (String p : params.subList(1, params.size())) {
					values.addAll(ForeachTokens.expand(p, values));
				}
				open(bodies, loops, new Loop(start, params.get(0), values, word.startsWith("concurrent"),
						new ArrayList<>()));
				at++;
			}
			case "endloop" -> {
				if (loops.isEmpty()) {
					throw new BadScript(start, "endloop without a loop");
				}
				loops.pop();
				bodies.pop();
				at++;
			}
			case "mode" -> {
				if (params.size() == 1 && params.get(0).equals("skip")) {
					skipLevel++;
				} else if (params.size() == 1 && params.get(0).equals("unskip")) {
					skipLevel--;
				} else if (skipLevel == 0) {
					body.add(new Directive(start, word, List.copyOf(params)));
				}
				at++;
			}
			default -> {
				if (!DIRECTIVES.contains(word)) {
					throw new BadScript(start, "unknown directive '" + word + "'");
				}
				body.add(new Directive(start, word, List.copyOf(params)));
				at++;
			}
			}
			skipRecord();
		}
		if (!loops.isEmpty()) {
			throw new BadScript(loops.peek().line(), "loop without endloop");
		}
		return top;
	}

	private static void open(Deque<List<Command>> bodies, Deque<Loop> loops, Loop loop) {
		bodies.peek().add(loop);
		loops.push(loop);
		bodies.push(loop.body());
	}

	/** Past the rest of the current record (DuckDB's NextStatement). */
	private void skipRecord() {
		while (at < lines.size() && !emptyOrComment(lines.get(at))) {
			at++;
		}
	}

	/** A loop-variable condition ({@code i>25}), or null for a system name ({@code duckdb}). */
	static Condition condition(String text, boolean skipIf) throws BadScript {
		if (!text.matches(".*[=<>].*")) {
			return null;
		}
		for (String op : List.of("<>", ">=", "<=", ">", "<", "=")) {
			int i = text.indexOf(op);
			if (i > 0) {
				return new Condition(text.substring(0, i).trim(), op, text.substring(i + op.length()).trim(), skipIf);
			}
		}
		return null;
	}

	/** The SQL lines from the current one up to {@code ----} or an empty or comment line. */
	private String sql(int start) throws BadScript {
		StringBuilder b = new StringBuilder();
		while (at < lines.size() && !emptyOrComment(lines.get(at)) && !lines.get(at).equals("----")) {
			if (b.length() > 0) {
				b.append('\n');
			}
			b.append(lines.get(at));
			at++;
		}
		if (b.length() == 0) {
			throw new BadScript(start, "a record with no SQL");
		}
		return b.toString();
	}

	/** The lines after {@code ----} up to the next empty line (comment lines included, as DuckDB reads them). */
	private List<String> block() {
		List<String> out = new ArrayList<>();
		if (at < lines.size() && lines.get(at).equals("----")) {
			at++;
			while (at < lines.size() && !lines.get(at).isEmpty()) {
				out.add(lines.get(at));
				at++;
			}
		}
		return out;
	}

	private Sql statement(int start, List<String> params, List<Condition> conditions) throws BadScript {
		if (params.isEmpty()) {
			throw new BadScript(start, "statement needs ok, error or maybe");
		}
		Expect expect = switch (params.get(0)) {
		case "ok", "debug", "debug_skip" -> Expect.OK;
		case "error" -> Expect.ERROR;
		case "maybe" -> Expect.MAYBE;
		default -> throw new BadScript(start, "statement " + params.get(0) + ": expected ok, error or maybe");
		};
		at++;
		String sql = sql(start);
		boolean hasBlock = at < lines.size() && lines.get(at).equals("----");
		if (hasBlock && expect == Expect.OK) {
			throw new BadScript(start, "statement ok can't have an expected error (----)");
		}
		String error = hasBlock ? String.join("\n", block()) : "";
		String connection = params.size() > 1 ? params.get(1) : null;
		return new Sql(start, expect, sql, connection, error, List.of(), 0, Sort.NONE, null, List.copyOf(conditions));
	}

	private Sql query(int start, List<String> params, List<Condition> conditions) throws BadScript {
		if (params.isEmpty() || !params.get(0).matches("[TIR]+")) {
			throw new BadScript(start, "query needs its column types (T, I or R each)");
		}
		Sort sort = Sort.NONE;
		String connection = null;
		if (params.size() > 1) {
			switch (params.get(1)) {
			case "nosort" -> sort = Sort.NONE;
			case "rowsort", "sort" -> sort = Sort.ROWS;
			case "valuesort" -> sort = Sort.VALUES;
			default -> connection = params.get(1);
			}
		}
		String label = params.size() > 2 ? params.get(2) : null;
		at++;
		String sql = sql(start);
		List<String> expected = block();
		return new Sql(start, Expect.ROWS, sql, connection, null, List.copyOf(expected), params.get(0).length(), sort,
				label, List.copyOf(conditions));
	}
}
