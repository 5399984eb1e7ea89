package io.lakestudio.cli.internal;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.Callable;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.EventLog;
import io.lakestudio.catalog.Settings;
import io.lakestudio.onelake.Lake;
import io.lakestudio.onelake.local.LocalFolderLake;
import io.lakestudio.sync.SyncPass;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "sync", description = { "List the lake and write what it holds into the catalog: workspaces,",
		"items, tables and their metadata, Files. A listing that fails is recorded and the rest goes on." })
public final class SyncCommand implements Callable<Integer> {

	@Spec
	CommandSpec spec;

	@Option(names = "--lake", paramLabel = "DIR", description = "A local folder lake (remembered in settings.json).")
	Path lakeFolder;

	@Option(names = "--no-metadata", description = "Only listings; don't read tables' logs.")
	boolean noMetadata;

	@Option(names = { "-q", "--quiet" }, description = "No progress lines.")
	boolean quiet;

	@Option(names = { "-h", "--help" }, usageHelp = true, description = "Show this help.")
	boolean help;

	@Override
	public Integer call() {
		Path home = Catalogs.home();
		Settings settings = Settings.load(home);
		if (lakeFolder != null) {
			if (!Files.isDirectory(lakeFolder)) {
				throw new Die(2, "No folder " + lakeFolder + ".");
			}
			settings.set(Settings.LAKE_FOLDER, lakeFolder.toAbsolutePath().normalize().toString()).save();
		}
		String folder = settings.string(Settings.LAKE_FOLDER, null);
		if (folder == null) {
			throw new Die(2, "No lake is configured: pass --lake DIR (a local folder lake), or run 'lakestudio demo'.");
		}
		var err = spec.commandLine().getErr();
		var out = spec.commandLine().getOut();
		EventLog log = new EventLog(home);
		try (Catalog catalog = Catalogs.open(Catalogs.catalogFile(home, settings.account()), settings.account());
				Lake lake = new LocalFolderLake(Path.of(folder))) {
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
			out.println("synced " + lake.describe() + ": " + counts.workspaces() + " workspaces, " + counts.items()
					+ " items, " + counts.tables() + " tables, " + counts.files() + " files in " + ms + " ms");
			for (String f : r.failureMessages()) {
				err.println("failed: " + f);
			}
			return r.failures() > 0 && r.failures() == r.listings() ? 3 : 0;
		}
	}
}
