package io.lakestudio.cli.internal;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Options;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.EventLog;
import io.lakestudio.catalog.Settings;
import io.lakestudio.engine.Engine;
import io.lakestudio.engine.EngineConfig;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.Result;
import io.lakestudio.engine.server.EngineClient;
import io.lakestudio.engine.server.EngineServer;
import io.lakestudio.sync.account.EngineStore;

/**
 * Runs one query on the lake and prints its rows as they come: a table (widths from the first rows), CSV or JSON.
 * It asks the machine's engine server ({@code <home>/engine.sock}); with none answering it starts a headless one
 * ({@code lakestudio engine-server}, which exits after idling) and runs the statement in this process only if that
 * cannot start (saying so). {@code --offline} and {@code --in-process} run it here.
 */
public final class SqlCommand extends Command {

	private static final int WIDTH_ROWS = 200;

	@Override
	protected String usage() {
		return "[options] STATEMENT";
	}

	@Override
	protected String description() {
		return "Run a query on the lake's tables, named \"workspace/item\".table or \"workspace/item\".schema.table."
				+ " Only queries run; the lake is read-only here.";
	}

	@Override
	public Options options() {
		return super.options().addOption(flag("csv", "Print CSV.")).addOption(flag("json", "Print a JSON array."))
				.addOption(flag("fresh", "Read the tables' logs from the lake first, whatever their age."))
				.addOption(flag("offline", "Ask the lake nothing: read what is held (runs in this process)."))
				.addOption(flag("in-process", "Run the engine in this process, not the engine server."))
				.addOption(valued("f", "file", "FILE", "Run the statements of a script, in one session (ATTACH, USE"
						+ " and BEGIN ... COMMIT carry across them)."))
				.addOption(org.apache.commons.cli.Option.builder().longOpt("files").hasArg().argName("DIR")
						.desc("Grant this session plain file access inside DIR (COPY ... TO, read_parquet, read_csv"
								+ " there; nothing outside), besides settings.json's fileAccess folders. Repeatable.")
						.get());
	}

	@Override
	public int run(CommandLine line) {
		boolean json = line.hasOption("json");
		boolean csv = line.hasOption("csv");
		if (line.hasOption("file") || line.hasOption("files") || SqlSession.wanted(home, line.getArgList())) {
			return new SqlSession(this, home).run(line, (r, notices) -> print(local(r), notices, json, csv));
		}
		String statement = args(line, 1, 1).get(0);
		if (!line.hasOption("offline") && !line.hasOption("in-process")) {
			java.util.Optional<EngineClient> server = EngineServerLauncher.ensure(home, Settings.load(home), err);
			if (server.isPresent()) {
				// Ctrl-C: the server stops the statement too
				Thread cancel = new Thread(() -> {
					try {
						server.get().cancel();
					} catch (java.io.IOException e) {
						// gone already
					}
				});
				Runtime.getRuntime().addShutdownHook(cancel);
				try (EngineClient.Remote r = server.get().run(statement, "cli", line.hasOption("fresh"), json)) {
					return print(remote(r), r.notices(), json, csv);
				} catch (EngineException e) {
					throw die(e);
				} catch (java.io.IOException e) {
					err.println("lakestudio: the engine server did not answer (" + e.getMessage()
							+ "); running the statement in this process");
				} finally {
					try {
						Runtime.getRuntime().removeShutdownHook(cancel);
					} catch (IllegalStateException e) {
						// shutting down: the hook runs
					}
				}
			}
		}
		Settings settings = Settings.load(home);
		EventLog log = new EventLog(home);
		try (Catalog catalog = Catalogs.open(Catalogs.catalogFile(home, settings.account()), settings.account());
				EngineStore store = EngineStore.open(settings, l -> log.log("lake", l))) {
			EngineConfig config = EngineConfig.of(home, catalog, store.store(), settings);
			if (line.hasOption("offline")) {
				config = config.withOffline(true);
			}
			try (SyncListings listings = new SyncListings(home, catalog);
					Engine engine = new Engine(config, listings);
					Result r = engine.execute(statement, "cli", line.hasOption("fresh"))) {
				return print(local(r), r.notices(), json, csv);
			} catch (EngineException e) {
				throw die(e);
			}
		}
	}

	static Die die(EngineException e) {
		return new Die(switch (e.kind()) {
		case MISSING -> 1;
		case REFUSED, NOT_HELD -> 2;
		case FAILED -> 3;
		}, e.getMessage());
	}

	private int print(Rows r, List<String> notices, boolean json, boolean csv) throws EngineException {
		return print(r, notices, out, err, json, csv);
	}

	/** One statement's rows from an engine in this process, as {@code sql} prints them. */
	static int print(Result r, PrintWriter out, PrintWriter err, boolean json, boolean csv) throws EngineException {
		return print(local(r), r.notices(), out, err, json, csv);
	}

	private static int print(Rows r, List<String> notices, PrintWriter out, PrintWriter err, boolean json, boolean csv)
			throws EngineException {
		notices.forEach(n -> err.println("lakestudio: " + n));
		try {
			long n = json ? json(r, out) : csv ? csv(r, out) : table(r, out);
			if (!json && !csv) {
				out.println("(" + n + (n == 1 ? " row)" : " rows)"));
			}
			return 0;
		} catch (java.io.IOException e) {
			throw new Die(3, "cannot print: " + e.getMessage());
		}
	}

	/** A statement's rows, from the engine in this process or from the engine server. */
	private interface Rows {
		List<String> columnNames();

		boolean next() throws EngineException;

		String text(int c) throws EngineException;

		void json(JsonGenerator g, int c) throws EngineException, java.io.IOException;
	}

	private static Rows local(Result r) {
		return new Rows() {
			@Override
			public List<String> columnNames() {
				return r.columnNames();
			}

			@Override
			public boolean next() throws EngineException {
				return r.next();
			}

			@Override
			public String text(int c) throws EngineException {
				return r.text(c);
			}

			@Override
			public void json(JsonGenerator g, int c) throws EngineException, java.io.IOException {
				EngineServer.writeValue(g, r, c);
			}
		};
	}

	private static Rows remote(EngineClient.Remote r) {
		return new Rows() {
			@Override
			public List<String> columnNames() {
				return r.columnNames();
			}

			@Override
			public boolean next() throws EngineException {
				return r.next();
			}

			@Override
			public String text(int c) {
				return r.text(c);
			}

			@Override
			public void json(JsonGenerator g, int c) throws java.io.IOException {
				EngineClient.write(g, r.value(c));
			}
		};
	}

	private static long table(Rows r, PrintWriter out) throws EngineException {
		int cols = r.columnNames().size();
		int[] width = new int[cols];
		for (int c = 0; c < cols; c++) {
			width[c] = r.columnNames().get(c).length();
		}
		List<String[]> first = new ArrayList<>();
		boolean more = true;
		while (first.size() < WIDTH_ROWS && (more = r.next())) {
			String[] row = row(r, cols);
			for (int c = 0; c < cols; c++) {
				width[c] = Math.min(60, Math.max(width[c], row[c].length()));
			}
			first.add(row);
		}
		print(out, r.columnNames().toArray(String[]::new), width);
		StringBuilder rule = new StringBuilder();
		for (int c = 0; c < cols; c++) {
			rule.append(c == 0 ? "" : "-+-").append("-".repeat(width[c]));
		}
		out.println(rule);
		long n = 0;
		for (String[] row : first) {
			print(out, row, width);
			n++;
		}
		while (more && r.next()) {
			print(out, row(r, cols), width);
			n++;
		}
		return n;
	}

	private static String[] row(Rows r, int cols) throws EngineException {
		String[] row = new String[cols];
		for (int c = 0; c < cols; c++) {
			String v = r.text(c);
			row[c] = v == null ? "NULL" : v;
		}
		return row;
	}

	private static void print(PrintWriter out, String[] row, int[] width) {
		StringBuilder b = new StringBuilder();
		for (int c = 0; c < row.length; c++) {
			String v = row[c].length() > width[c] ? row[c].substring(0, Math.max(0, width[c] - 1)) + "…" : row[c];
			b.append(c == 0 ? "" : " | ").append(v).append(" ".repeat(width[c] - v.length()));
		}
		out.println(b.toString().stripTrailing());
	}

	private static long csv(Rows r, PrintWriter out) throws EngineException {
		int cols = r.columnNames().size();
		out.println(String.join(",", r.columnNames().stream().map(SqlCommand::csvField).toList()));
		long n = 0;
		while (r.next()) {
			StringBuilder b = new StringBuilder();
			for (int c = 0; c < cols; c++) {
				String v = r.text(c);
				b.append(c == 0 ? "" : ",").append(v == null ? "" : csvField(v));
			}
			out.println(b);
			n++;
		}
		return n;
	}

	private static String csvField(String v) {
		return v.contains(",") || v.contains("\"") || v.contains("\n") ? "\"" + v.replace("\"", "\"\"") + "\"" : v;
	}

	private static long json(Rows r, PrintWriter out) throws EngineException, java.io.IOException {
		int cols = r.columnNames().size();
		long n = 0;
		try (JsonGenerator g = new JsonFactory().disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET).createGenerator(out)) {
			g.writeStartArray();
			while (r.next()) {
				g.writeStartObject();
				for (int c = 0; c < cols; c++) {
					g.writeFieldName(r.columnNames().get(c));
					r.json(g, c);
				}
				g.writeEndObject();
				n++;
			}
			g.writeEndArray();
		}
		out.println();
		return n;
	}
}
