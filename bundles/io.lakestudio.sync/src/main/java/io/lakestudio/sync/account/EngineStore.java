package io.lakestudio.sync.account;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

import io.lakestudio.catalog.Settings;
import io.lakestudio.onelake.LakeStore;
import io.lakestudio.onelake.LoggedStore;
import io.lakestudio.onelake.fabric.FabricLake;
import io.lakestudio.onelake.local.LocalFolderStore;

/**
 * The store an engine reads rows through, made in this one place for the workbench, {@code lakestudio sql} and the
 * headless engine server, so that all three read the same lake: the folder lake's files for the account "local"
 * with a {@code lakeFolder} that exists, OneLake's DFS for a signed-in OneLake account, and otherwise none (only
 * what is held is read, and a statement says so). Asks nothing when made; the caller closes it.
 */
public final class EngineStore implements AutoCloseable {

	private final LakeStore store;
	private final FabricLake oneLake;

	private EngineStore(LakeStore store, FabricLake oneLake) {
		this.store = store;
		this.oneLake = oneLake;
	}

	/** The store for the settings' account; {@code log} gets a folder lake's requests (OneLake logs its own). */
	public static EngineStore open(Settings s, Consumer<String> log) {
		if (Accounts.isOneLake(s)) {
			if (!Accounts.signedIn(s)) {
				return new EngineStore(null, null);
			}
			try {
				FabricLake lake = Accounts.oneLake(s, log);
				return new EngineStore(lake.store(), lake);
			} catch (Accounts.NoLake e) {
				return new EngineStore(null, null); // no way to sign in silently: what is held is read
			}
		}
		Path folder = folder(s);
		return new EngineStore(folder == null ? null : new LoggedStore(new LocalFolderStore(folder), log), null);
	}

	/** The folder lake's root: for the account "local", the {@code lakeFolder} setting when that folder exists. */
	private static Path folder(Settings s) {
		String folder = Accounts.isOneLake(s) ? null : s.string(Settings.LAKE_FOLDER, null);
		return folder == null || !Files.isDirectory(Path.of(folder)) ? null : Path.of(folder);
	}

	/**
	 * What an engine made from these settings reads: another account, lake folder, offline setting or sign-in
	 * needs another engine (a server for other settings is replaced).
	 */
	public static String identity(Settings s) {
		return s.account() + "|" + folder(s) + "|" + s.flag(Settings.OFFLINE) + "|"
				+ (Accounts.isOneLake(s) && Accounts.signedIn(s));
	}

	/** The store, or null when there is no lake to read from. */
	public LakeStore store() {
		return store;
	}

	@Override
	public void close() {
		if (oneLake != null) {
			oneLake.close();
		}
	}
}
