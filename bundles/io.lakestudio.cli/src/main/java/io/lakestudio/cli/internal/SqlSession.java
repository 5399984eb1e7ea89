package io.lakestudio.cli.internal;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.apache.commons.cli.CommandLine;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.EventLog;
import io.lakestudio.catalog.Settings;
import io.lakestudio.engine.DuckLakeAttachments;
import io.lakestudio.engine.Engine;
import io.lakestudio.engine.EngineConfig;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineSession;
import io.lakestudio.engine.Result;
import io.lakestudio.sync.account.EngineStore;

/**
 * {@code sql -f script.sql}, several {@code ;}-separated statements, or any statement while DuckLake catalogs are
 * kept attached: one {@link EngineSession} in this process (the engine server runs single statements), the kept
 * catalogs attached first, each statement's rows printed in turn. The first failing statement stops the script.
 */
final class SqlSession {

	/** Prints one statement's rows. */
	interface Printer {
		int print(Result r, List<String> notices) throws EngineException;
	}

	private final Command command;
	private final Path home;

	SqlSession(Command command, Path home) {
		this.command = command;
		this.home = home;
	}

	/**
	 * Whether the statement needs a session: several statements, kept DuckLake catalogs to attach, or folders
	 * granted for file access (only a session's DuckDB is allowed them).
	 */
	static boolean wanted(Path home, List<String> args) {
		if (args.size() != 1) {
			return false;
		}
		return EngineSession.statements(args.get(0)).size() > 1
				|| !DuckLakeAttachments.of(Settings.load(home)).isEmpty()
				|| !Settings.load(home).string(EngineConfig.FILE_ACCESS, "").isBlank()
				|| args.get(0).strip().regionMatches(true, 0, "ATTACH", 0, 6);
	}

	/** Folders granted for plain file access (--files), beside settings.json's fileAccess. */
	private List<Path> fileAccess = List.of();

	/** Runs {@code statements} in one session; {@code printer} sees the rows of those from {@code firstShown} on. */
	int run(List<String> statements, int firstShown, boolean offline, Printer printer) {
		return session(offline, session -> {
			for (int i = 0; i < statements.size(); i++) {
				try (Result r = session.execute(statements.get(i))) {
					if (i >= firstShown) {
						printer.print(r, r.notices());
					}
				}
			}
		});
	}

	/** What runs in a session. */
	interface Work {
		void run(EngineSession session) throws EngineException;
	}

	/** Runs {@code work} in one session of an engine in this process, the kept DuckLake catalogs attached first. */
	int session(boolean offline, Work work) {
		Settings settings = Settings.load(home);
		EventLog log = new EventLog(home);
		// the same lake store as a single statement's (SqlCommand): a folder lake's, or OneLake's when signed in
		try (Catalog catalog = Catalogs.open(Catalogs.catalogFile(home, settings.account()), settings.account());
				EngineStore store = EngineStore.open(settings, l -> log.log("lake", l))) {
			EngineConfig config = EngineConfig.of(home, catalog, store.store(), settings);
			if (offline) {
				config = config.withOffline(true);
			}
			if (!fileAccess.isEmpty()) {
				config = config.withFileAccess(fileAccess);
			}
			try (SyncListings listings = new SyncListings(home, catalog);
					Engine engine = new Engine(config, listings);
					EngineSession session = engine.openSession("cli")) {
				session.attachKept(settings);
				work.run(session);
				return 0;
			} catch (EngineException e) {
				throw SqlCommand.die(e);
			}
		}
	}

	int run(CommandLine line, Printer printer) {
		String script;
		if (line.hasOption("file")) {
			command.args(line, 0, 0);
			try {
				script = Files.readString(Path.of(line.getOptionValue("file")));
			} catch (IOException e) {
				throw new Die(3, "cannot read " + line.getOptionValue("file") + ": " + e.getMessage());
			}
		} else {
			script = command.args(line, 1, 1).get(0);
		}
		if (line.hasOption("files")) {
			fileAccess = new java.util.ArrayList<>();
			for (String d : line.getOptionValues("files")) {
				fileAccess.add(Path.of(d).toAbsolutePath());
			}
		}
		return run(EngineSession.statements(script), 0, line.hasOption("offline"), printer);
	}
}
