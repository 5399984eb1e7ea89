package io.lakestudio.sync;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.onelake.local.LocalFolderLake;

/**
 * A sweeping process for the multi-process tests: runs the sync worker on a catalog file and a folder lake
 * until killed, printing after every step whether it holds the lease and how many listings it issued.
 * Args: catalog file, lake folder, lease stale after (ms), listings per second.
 */
public final class SweeperMain {

	public static void main(String[] args) throws Exception {
		Path file = Path.of(args[0]);
		Duration stale = Duration.ofMillis(Long.parseLong(args[2]));
		int perSecond = Integer.parseInt(args[3]);
		String holder = Syncer.holderId();
		try (Catalog catalog = Catalogs.open(file, "a"); LocalFolderLake lake = new LocalFolderLake(Path.of(args[1]))) {
			Syncer.Config seed = Syncer.defaults(holder);
			Syncer.Config config = new Syncer.Config(holder, stale, seed.ttl(), seed.inUseEvery(),
					new Pace.Limits(perSecond, Duration.ofSeconds(1), seed.limits().pause(), seed.limits().failedWait()),
					Duration.ofMillis(100), seed.offlineProbe());
			Syncer syncer = new Syncer(catalog, lake, Clock.systemUTC(), m -> {
			}, () -> false, config);
			while (true) {
				Duration next = syncer.step();
				System.out.println("step " + System.currentTimeMillis() + " holder=" + syncer.status().holder()
						+ " issued=" + syncer.issued());
				System.out.flush();
				Thread.sleep(Math.max(5, Math.min(100, next.toMillis())));
			}
		}
	}
}
