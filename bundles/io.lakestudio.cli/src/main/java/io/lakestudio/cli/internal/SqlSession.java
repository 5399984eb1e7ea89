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
import io.lakestudio.onelake.LoggedStore;
import io.lakestudio.onelake.local.LocalFolderLake;

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
		Settings settings = Settings.load(home);
		String folder = settings.string(Settings.LAKE_FOLDER, null);
		try (Catalog catalog = Catalogs.open(Catalogs.catalogFile(home, settings.account()), settings.account());
				LocalFolderLake lake = folder == null ? null : new LocalFolderLake(Path.of(folder))) {
			EventLog log = new EventLog(home);
			EngineConfig config = EngineConfig.of(home, catalog,
					lake == null ? null : new LoggedStore(lake.store(), l -> log.log("lake", l)), settings);
			if (line.hasOption("offline")) {
				config = config.withOffline(true);
			}
			if (line.hasOption("files")) {
				List<Path> dirs = new java.util.ArrayList<>();
				for (String d : line.getOptionValues("files")) {
					dirs.add(Path.of(d).toAbsolutePath());
				}
				config = config.withFileAccess(dirs);
			}
			try (SyncListings listings = new SyncListings(home, catalog);
					Engine engine = new Engine(config, listings);
					EngineSession session = engine.openSession("cli")) {
				session.attachKept(settings);
				for (String statement : EngineSession.statements(script)) {
					try (Result r = session.execute(statement)) {
						printer.print(r, r.notices());
					}
				}
				return 0;
			} catch (EngineException e) {
				throw SqlCommand.die(e);
			}
		}
	}
}
