package io.lakestudio.ui.lake;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import io.lakestudio.catalog.EventLog;
import io.lakestudio.catalog.Listing;
import io.lakestudio.catalog.Settings;
import io.lakestudio.onelake.Lake;
import io.lakestudio.onelake.LoggedLake;
import io.lakestudio.onelake.local.LocalFolderLake;
import io.lakestudio.sync.account.Accounts;

/**
 * Which lake the workbench reads: the account "local" reads the folder lake of {@code settings.json}
 * ({@link Settings#LAKE_FOLDER}), swept by {@link RefreshJob}; any other account is OneLake, synced by
 * {@link AccountSync} once signed in. Without either, the commands that need a lake say why instead of pretending.
 * Tests swap the folder lake's factory for a counting lake.
 */
public final class LakeSource {

	public static final String NO_LAKE = "No lake to refresh from: Sign In to OneLake, or set a local lake folder in"
			+ " Preferences > Lakestudio (or run 'lakestudio demo').";
	public static final String SIGNED_OUT = "Signed out: Sign In to refresh from OneLake. The catalog is kept and"
			+ " the tree shows what it holds.";

	private static volatile Function<Path, Lake> factory = LocalFolderLake::new;

	private LakeSource() {
	}

	/** The folder lake's root, when the account is the folder lake's and settings name a folder that exists. */
	public static Optional<Path> folder(Path home) {
		Settings s = Settings.load(home);
		String folder = s.string(Settings.LAKE_FOLDER, null);
		return Accounts.isOneLake(s) || folder == null || !Files.isDirectory(Path.of(folder)) ? Optional.empty()
				: Optional.of(Path.of(folder));
	}

	/** A folder lake to read, or empty with {@link #NO_LAKE} as the reason. The caller closes it. */
	public static Optional<Lake> open(Path home) {
		EventLog log = new EventLog(home);
		return folder(home).map(factory).map(lake -> new LoggedLake(lake, line -> log.log("lake", line)));
	}

	/** Whether Refresh has a lake to ask: a folder lake, or a signed-in OneLake account. */
	public static boolean refreshable(Path home) {
		Settings s = Settings.load(home);
		return Accounts.isOneLake(s) ? Accounts.signedIn(s) : folder(home).isPresent();
	}

	/** What Refresh does, or why it can't. */
	public static String refreshTip(Path home) {
		Settings s = Settings.load(home);
		if (Accounts.isOneLake(s)) {
			return Accounts.signedIn(s) ? "Refresh: read the selected listings from OneLake now (as --fresh does)"
					: SIGNED_OUT;
		}
		return folder(home).isPresent() ? "Sweep the lake into the catalog (a background job)" : NO_LAKE;
	}

	/**
	 * Refresh: a sweep of the folder lake; on OneLake the given listings (the selected nodes', by the names shown, or
	 * the workspaces when none) read now, as {@code --fresh} does. Nothing without a lake.
	 */
	public static void refresh(Path home, Map<String, String> listings) {
		if (Accounts.isOneLake(Settings.load(home))) {
			AccountSync.ensure(home).ifPresent(
					s -> s.fresh(listings.isEmpty() ? Map.of(Listing.WORKSPACES, "the workspaces") : listings));
		} else if (folder(home).isPresent()) {
			new RefreshJob(home).schedule();
		}
	}

	/** For tests: how a lake is made from its folder. Returns the previous factory. */
	public static Function<Path, Lake> useFactory(Function<Path, Lake> f) {
		Function<Path, Lake> old = factory;
		factory = f;
		return old;
	}
}
