package io.lakestudio.ui.tests;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;

import io.lakestudio.catalog.Settings;
import io.lakestudio.engine.DuckLakeAttachments;
import io.lakestudio.fdl.Repository;
import io.lakestudio.fdl.Signing;
import io.lakestudio.fdl.Writer;
import io.lakestudio.store.FolderStore;

/**
 * An FDL repository in a folder for the workbench tests: its versions committed with FDL's writer from a working
 * DuckLake catalog ({@link DuckLakes#sqlite}, changed through the engine's SQL between commits), the user's own key
 * in the home's keys folder, and the repository kept in the settings as {@code ducklake:fdl:<folder>} named "repo".
 */
final class FdlRepos {

	/** The working catalog's URL, to change it between commits. */
	final String url;
	final Path folder;
	/** The user's own key: versions it signs verify. */
	final Signing me;
	private final Repository repo;
	private final Path working;
	private final Path scratch;

	private FdlRepos(String url, Path folder, Signing me, Repository repo, Path working, Path scratch) {
		this.url = url;
		this.folder = folder;
		this.me = me;
		this.repo = repo;
		this.working = working;
		this.scratch = scratch;
	}

	/** A new repository under {@code dir}, beside a working catalog holding the sample orders and customers. */
	static FdlRepos create(Path home, Path dir) throws Exception {
		DuckDbGate.beforeEngine();
		Workbench.useHome(home);
		String url = DuckLakes.sqlite(home, dir);
		Settings s = Settings.load(home);
		DuckLakeAttachments.remove(s, "lake"); // the working catalog is the tests' own, not a kept one
		s.save();
		Path folder = dir.resolve("repo");
		Files.createDirectories(folder);
		Repository repo = Repository.init(new FolderStore(folder), folder + "/");
		return new FdlRepos(url, folder, Signing.inFolder(home.resolve("fdl").resolve("keys")), repo,
				dir.resolve("lake.sqlite"), dir.resolve("scratch"));
	}

	Repository repository() {
		return repo;
	}

	/** Commits the working catalog as it is now onto {@code branch}; the new version's ID. */
	String commit(Signing key, String author, String branch, String message) throws Exception {
		return new Writer(repo, key, author, Clock.systemUTC()).commit(working, branch, message, scratch, false).id();
	}

	/** The repository kept in {@code home}'s settings, as "repo", so the tree shows it. */
	void keep(Path home) {
		DuckLakes.keep(home, new DuckLakeAttachments.Attachment("repo", "ducklake:fdl:" + folder, null, true));
	}
}
