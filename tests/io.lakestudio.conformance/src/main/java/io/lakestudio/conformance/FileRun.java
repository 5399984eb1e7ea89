package io.lakestudio.conformance;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.lakestudio.conformance.Command.Condition;
import io.lakestudio.conformance.Command.Directive;
import io.lakestudio.conformance.Command.Expect;
import io.lakestudio.conformance.Command.Loop;
import io.lakestudio.conformance.Command.Sql;
import io.lakestudio.conformance.Outcome.Status;

/**
 * Runs one test file: its records in order on a database of its own ({@code work/state}, {@code {TEST_DIR}} =
 * {@code work/test}), stopping at the first record that isn't what the file expects. Connections named in the file
 * ({@code con1}) and each iteration of a {@code concurrentloop} get their own connection to that database.
 */
final class FileRun {

	/** The record that failed and how. */
	static final class Failed extends Exception {
		private static final long serialVersionUID = 1L;

		Failed(String message) {
			super(message);
		}
	}

	/** The file can't run here (a {@code require} not met). */
	static final class Skip extends Exception {
		private static final long serialVersionUID = 1L;

		Skip(String message) {
			super(message);
		}
	}

	/** {@code halt}: the rest of the file is not run. */
	static final class Halt extends Exception {
		private static final long serialVersionUID = 1L;
	}

	/** Where a record runs: the loop variables bound around it, and its connection inside a concurrent loop. */
	record Ctx(Map<String, String> loops, SqlSession session) {
		Ctx with(String name, String value) {
			Map<String, String> m = new LinkedHashMap<>(loops);
			m.put(name, value);
			return new Ctx(m, session);
		}
	}

	final Path file;
	final String name;
	final Path suite;
	final Path state;
	final Path testDir;
	final SessionFactory factory;
	final CatalogKind kind;
	final Map<String, String> env = new LinkedHashMap<>();
	final Map<String, String> labels = new ConcurrentHashMap<>();
	final List<SqlSession> sessions = Collections.synchronizedList(new ArrayList<>());
	private final Map<String, SqlSession> named = new ConcurrentHashMap<>();
	final Directives directives = new Directives(this);
	SqlDatabase db;
	SqlSession main;
	Path dbFile;
	boolean readOnly;
	volatile int hashThreshold;
	/** {@code {UUID}}: one per file, so each time the file names its catalog it is the same one. */
	private final String uuid = java.util.UUID.randomUUID().toString();
	/** The record now running, for a timeout's report. */
	volatile String current = "(starting)";
	/** What the file's records did, for a file that ends having compared no query's rows. */
	private final java.util.concurrent.atomic.AtomicInteger queries = new java.util.concurrent.atomic.AtomicInteger();
	private final java.util.concurrent.atomic.AtomicInteger oks = new java.util.concurrent.atomic.AtomicInteger();
	private final java.util.concurrent.atomic.AtomicInteger errors = new java.util.concurrent.atomic.AtomicInteger();

	FileRun(Path file, String name, Path suite, Path work, SessionFactory factory, CatalogKind kind) {
		this.file = file;
		this.name = name;
		this.suite = suite;
		this.state = work.resolve("state");
		this.testDir = work.resolve("test");
		this.factory = factory;
		this.kind = kind;
	}

	Outcome run() {
		long t0 = System.nanoTime();
		List<Command> commands;
		try {
			commands = Script.read(file);
		} catch (Script.BadScript e) {
			return new Outcome(name, Status.FAIL, "not the sqllogictest dialect: " + e.getMessage(), ms(t0), 0);
		} catch (IOException e) {
			return new Outcome(name, Status.FAIL, "cannot read: " + e, ms(t0), 0);
		}
		int unmet = unmet(commands, factory);
		try {
			Files.createDirectories(state);
			Files.createDirectories(testDir);
			open();
			execute(commands, new Ctx(Map.of(), null));
			return passed("", t0, unmet);
		} catch (Halt h) {
			return passed("halted", t0, unmet);
		} catch (Skip s) {
			return new Outcome(name, Status.SKIP, s.getMessage(), ms(t0), unmet);
		} catch (Failed f) {
			return new Outcome(name, Status.FAIL, f.getMessage(), ms(t0), unmet);
		} catch (IOException | RuntimeException e) {
			return new Outcome(name, Status.FAIL, "runner error at " + current + ": " + e, ms(t0), unmet);
		} finally {
			close();
		}
	}

	/**
	 * A file that went as expected passes only when at least one query's rows matched: one whose records were all
	 * statements (an error expected with any message, say) would pass on an engine that refuses everything, so it
	 * is a skip saying so.
	 */
	private Outcome passed(String detail, long t0, int unmet) {
		if (queries.get() == 0) {
			return new Outcome(name, Status.SKIP, "ran no query, so no result was compared (" + oks.get()
					+ " statement ok, " + errors.get() + " statement error as expected"
					+ (detail.isEmpty() ? "" : ", " + detail) + ")", ms(t0), unmet);
		}
		return new Outcome(name, Status.PASS, detail, ms(t0), unmet);
	}

	private static long ms(long t0) {
		return (System.nanoTime() - t0) / 1_000_000;
	}

	/** How many {@code require} lines of the file (loops included) this run can't meet. */
	static int unmet(List<Command> commands, SessionFactory f) {
		int n = 0;
		for (Command c : commands) {
			if (c instanceof Directive d && d.name().equals("require") && Requires.unmet(d.params(), f) != null) {
				n++;
			} else if (c instanceof Loop l) {
				n += unmet(l.body(), f);
			}
		}
		return n;
	}

	void open() throws Failed {
		try {
			db = factory.open(state, kind, dbFile, readOnly);
			main = db.connect();
			sessions.add(main);
		} catch (SqlFailure e) {
			throw new Failed("cannot open a database on " + factory.name() + ": " + e.getMessage());
		}
	}

	void close() {
		named.clear();
		sessions.clear();
		if (db != null) {
			db.close();
		}
		db = null;
		main = null;
	}

	/** Stops whatever runs (a timeout): every connection's statement is cancelled. */
	void cancelAll() {
		synchronized (sessions) {
			for (SqlSession s : sessions) {
				try {
					s.cancel();
				} catch (RuntimeException e) {
					// closing anyway
				}
			}
		}
	}

	void execute(List<Command> commands, Ctx ctx) throws Failed, Skip, Halt {
		for (Command c : commands) {
			switch (c) {
			case Sql s -> sql(s, ctx);
			case Loop l -> loop(l, ctx);
			case Directive d -> directives.run(d, ctx);
			}
		}
	}

	private void loop(Loop l, Ctx ctx) throws Failed, Skip, Halt {
		if (!l.concurrent()) {
			for (String v : l.values()) {
				execute(l.body(), ctx.with(l.variable(), v));
			}
			return;
		}
		ConcurrentLoop.run(this, l, ctx);
	}

	/** The connection a record names, or the one of its context. */
	SqlSession session(String connection, Ctx ctx) throws Failed {
		if (connection == null) {
			return ctx.session() != null ? ctx.session() : main;
		}
		SqlSession s = named.get(connection);
		if (s == null) {
			s = connect();
			named.put(connection, s);
		}
		return s;
	}

	SqlSession connect() throws Failed {
		try {
			SqlSession s = db.connect();
			sessions.add(s);
			return s;
		} catch (SqlFailure e) {
			throw new Failed("cannot open a connection: " + e.getMessage());
		}
	}

	private void sql(Sql s, Ctx ctx) throws Failed {
		if (!holds(s.conditions(), ctx)) {
			return;
		}
		String sql = substitute(s.sql(), ctx);
		String where = "line " + s.line() + ": " + s.expect().name().toLowerCase() + "\n" + indent(sql);
		current = where;
		SqlSession session = session(s.connection(), ctx);
		Rows rows = null;
		String error = null;
		try {
			rows = session.execute(sql);
		} catch (SqlFailure e) {
			error = e.getMessage() == null ? e.toString() : e.getMessage();
		}
		String why = judge(s, rows, error, ctx);
		if (why != null) {
			throw new Failed(where + (why.startsWith("\n") ? why.substring(1) : why));
		}
		switch (s.expect()) {
		case OK, MAYBE -> (error == null ? oks : errors).incrementAndGet();
		case ERROR -> errors.incrementAndGet();
		default -> queries.incrementAndGet();
		}
	}

	/** Null when the record went as expected, else expected vs got. */
	private String judge(Sql s, Rows rows, String error, Ctx ctx) {
		boolean internal = error != null && error.contains("INTERNAL Error");
		String wanted = s.error() == null ? "" : substitute(s.error(), ctx);
		switch (s.expect()) {
		case OK:
			return error == null ? null : "\n expected: success\n got error: " + error;
		case ERROR:
			if (error == null) {
				return "\n expected: an error" + (wanted.isEmpty() ? "" : " containing: " + wanted) + "\n got: success";
			}
			if (internal) {
				return "\n expected: an error" + (wanted.isEmpty() ? "" : " containing: " + wanted)
						+ "\n got an internal error: " + error;
			}
			return errorMatches(error, wanted) ? null : "\n expected error: " + wanted + "\n got error: " + error;
		case MAYBE:
			if (error == null) {
				return null;
			}
			return !internal && errorMatches(error, wanted) ? null
					: "\n expected: success or an error containing: " + wanted + "\n got error: " + error;
		default:
			if (error != null) {
				return "\n expected: rows\n" + indent(String.join("\n", s.expected())) + " got error: " + error;
			}
			String m = ResultCheck.mismatch(s, rows, hashThreshold, labels);
			return m == null ? null : "\n " + m;
		}
	}

	private static boolean errorMatches(String error, String wanted) {
		if (wanted.isEmpty() || error.contains(wanted)) {
			return true;
		}
		return (wanted.startsWith("<REGEX>:") || wanted.startsWith("<!REGEX>:")) && ResultCheck.regex(error, wanted);
	}

	/** Whether a record's loop-variable conditions let it run. */
	static boolean holds(List<Condition> conditions, Ctx ctx) {
		for (Condition c : conditions) {
			String left = ctx.loops().getOrDefault(c.name(), c.name());
			int cmp;
			try {
				cmp = Double.compare(Double.parseDouble(left), Double.parseDouble(c.value()));
			} catch (NumberFormatException e) {
				cmp = left.compareTo(c.value());
			}
			boolean is = switch (c.op()) {
			case "=" -> cmp == 0;
			case "<>" -> cmp != 0;
			case "<" -> cmp < 0;
			case "<=" -> cmp <= 0;
			case ">" -> cmp > 0;
			default -> cmp >= 0;
			};
			if (is == c.skipIf()) {
				return false;
			}
		}
		return true;
	}

	/**
	 * The suite's substitutions, as DuckDB's runner makes them: each variable ({@code test-env},
	 * {@code require-env}) as {@code ${NAME}} and {@code {NAME}}; {@code __TEST_DIR__} and {@code {TEST_DIR}};
	 * {@code {BASE_TEST_NAME}}, {@code {UUID}}, {@code __WORKING_DIRECTORY__}; then the loop variables
	 * ({@code ${i}}, {@code {i}}; {@code foreach a,b x,y} binds two at once).
	 */
	String substitute(String text, Ctx ctx) {
		String s = text;
		for (Map.Entry<String, String> e : env.entrySet()) {
			s = s.replace("${" + e.getKey() + "}", e.getValue()).replace("{" + e.getKey() + "}", e.getValue());
		}
		s = paths(s);
		for (Map.Entry<String, String> e : ctx.loops().entrySet()) {
			String[] names = e.getKey().split(",", -1);
			String[] values = e.getValue().split(",", -1);
			if (names.length > 1 && names.length == values.length) {
				for (int i = 0; i < names.length; i++) {
					s = s.replace("${" + names[i] + "}", values[i]).replace("{" + names[i] + "}", values[i]);
				}
			} else {
				s = s.replace("${" + e.getKey() + "}", e.getValue()).replace("{" + e.getKey() + "}", e.getValue());
			}
		}
		return s;
	}

	String paths(String s) {
		String dir = testDir.toString();
		String base = file.getFileName().toString().replaceFirst("\\.test(_slow|_coverage)?$", "");
		return s.replace("__TEST_DIR__", dir).replace("{TEST_DIR}", dir).replace("{BASE_TEST_NAME}", base)
				.replace("{UUID}", uuid).replace("__WORKING_DIRECTORY__", suite.toString());
	}

	static String indent(String text) {
		StringBuilder b = new StringBuilder();
		for (String l : text.split("\n", -1)) {
			b.append("   ").append(l).append('\n');
		}
		return b.toString();
	}
}
