package io.lakestudio.cli.internal;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;

import org.apache.commons.cli.CommandLine;
import org.apache.commons.cli.Option;
import org.apache.commons.cli.Options;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.EventLog;
import io.lakestudio.catalog.Settings;
import io.lakestudio.onelake.Lake;
import io.lakestudio.onelake.LoggedLake;
import io.lakestudio.onelake.local.LocalFolderLake;
import io.lakestudio.sync.SyncPass;

public final class SyncCommand extends Command {

	@Override
	protected String usage() {
		return "[options]";
	}

	@Override
	protected String description() {
		return "List the lake and write what it holds into the catalog: workspaces, items, tables and their"
				+ " metadata, Files. A listing that fails is recorded and the rest goes on. Against OneLake it runs"
				+ " the sync worker (with its lease and pace: five listings every 15 s) until its queue is empty;"
				+ " Ctrl-C stops it and gives the lease up.";
	}

	@Override
	public Options options() {
		return super.options()
				.addOption(valued(null, "lake", "DIR", "A local folder lake (remembered in settings.json)."))
				.addOption(flag("no-metadata", "Only listings; don't read tables' logs."))
				.addOption(Option.builder("q").longOpt("quiet").desc("No progress lines.").get())
				.addOption(flag("json", "Print the summary as JSON."));
	}

	@Override
	public int run(CommandLine line) {
		args(line, 0, 0);
		Path lakeFolder = line.hasOption("lake") ? Path.of(line.getOptionValue("lake")) : null;
		boolean noMetadata = line.hasOption("no-metadata");
		boolean quiet = line.hasOption("quiet");
		Settings settings = Settings.load(home);
		if (lakeFolder != null) {
			if (!Files.isDirectory(lakeFolder)) {
				throw new Die(2, "No folder " + lakeFolder + ".");
			}
			// a folder lake is the "local" account's
			settings.set(Settings.LAKE_FOLDER, lakeFolder.toAbsolutePath().normalize().toString())
					.set(Settings.ACCOUNT, Lakes.LOCAL).save();
		}
		if (!Lakes.LOCAL.equals(settings.account())) {
			return new OneLakeSync(home, settings, err, quiet).run(out);
		}
		String folder = settings.string(Settings.LAKE_FOLDER, null);
		if (folder == null) {
			throw new Die(2, "No lake is configured: pass --lake DIR (a local folder lake), run 'lakestudio login'"
					+ " for OneLake, or run 'lakestudio demo'.");
		}
		EventLog log = new EventLog(home);
		try (Catalog catalog = Catalogs.open(Catalogs.catalogFile(home, settings.account()), settings.account());
				Lake lake = new LoggedLake(new LocalFolderLake(Path.of(folder)), l -> log.log("lake", l))) {
			catalog.openNotice().ifPresent(err::println);
			log.log("sync", "sweep of " + lake.describe() + " started");
			long t0 = System.nanoTime();
			SyncPass.Result r = new SyncPass(catalog, lake, Clock.systemUTC(), log).run(
					noMetadata ? new SyncPass.Options(false, 8) : SyncPass.Options.ALL,
					what -> {
						if (!quiet) {
							err.println(what);
						}
					}, () -> false);
			long ms = (System.nanoTime() - t0) / 1_000_000;
			log.log("sync", "sweep done: " + r.listings() + " listings, " + r.failures() + " failed, " + ms + " ms");
			var counts = catalog.counts();
			if (line.hasOption("json")) {
				java.util.Map<String, Object> m = new java.util.LinkedHashMap<>();
				m.put("lake", lake.describe());
				m.put("workspaces", counts.workspaces());
				m.put("items", counts.items());
				m.put("tables", counts.tables());
				m.put("files", counts.files());
				m.put("listings", r.listings());
				m.put("failures", r.failureMessages());
				m.put("ms", ms);
				new Out(out, true).json(m);
			} else {
				out.println("synced " + lake.describe() + ": " + counts.workspaces() + " workspaces, " + counts.items()
						+ " items, " + counts.tables() + " tables, " + counts.files() + " files in " + ms + " ms");
			}
			for (String f : r.failureMessages()) {
				err.println("failed: " + f);
			}
			return r.failures() > 0 && r.failures() == r.listings() ? 3 : 0;
		}
	}
}
