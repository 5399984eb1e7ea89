package io.lakestudio.ui.lake;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Function;

import io.lakestudio.catalog.EventLog;
import io.lakestudio.catalog.Settings;
import io.lakestudio.onelake.Lake;
import io.lakestudio.onelake.LoggedLake;
import io.lakestudio.onelake.local.LocalFolderLake;

/**
 * Which lake the workbench reads: the local folder lake of {@code settings.json} ({@link Settings#LAKE_FOLDER}).
 * OneLake sign-in and sync are on the command line only so far, so without a folder there is no lake here and the
 * commands that need one say why instead of pretending. Tests swap the factory for a counting lake.
 */
public final class LakeSource {

	public static final String NO_LAKE = "No lake to refresh from: set a local lake folder in Preferences >"
			+ " Lakestudio (or run 'lakestudio demo'). The workbench does not sync OneLake yet: 'lakestudio sync' does.";

	private static volatile Function<Path, Lake> factory = LocalFolderLake::new;

	private LakeSource() {
	}

	/** The folder lake's root, when settings name one that exists. */
	public static Optional<Path> folder(Path home) {
		String folder = Settings.load(home).string(Settings.LAKE_FOLDER, null);
		return folder == null || !Files.isDirectory(Path.of(folder)) ? Optional.empty() : Optional.of(Path.of(folder));
	}

	/** A lake to read, or empty with {@link #NO_LAKE} as the reason. The caller closes it. */
	public static Optional<Lake> open(Path home) {
		EventLog log = new EventLog(home);
		return folder(home).map(factory).map(lake -> new LoggedLake(lake, line -> log.log("lake", line)));
	}

	/** For tests: how a lake is made from its folder. Returns the previous factory. */
	public static Function<Path, Lake> useFactory(Function<Path, Lake> f) {
		Function<Path, Lake> old = factory;
		factory = f;
		return old;
	}
}
