package io.lakestudio.catalog;

import java.nio.file.Path;

import io.lakestudio.catalog.internal.CatalogFile;
import io.lakestudio.catalog.internal.SqliteCatalog;
import io.lakestudio.catalog.internal.SqliteReadOnlyCatalog;

/**
 * Where catalogs live and how they are opened. One file per account, {@code catalog-<account>.sqlite}, in the
 * state folder ({@code $LAKESTUDIO_HOME}, default {@code ~/.lakestudio}). A file that cannot be opened, fails its
 * check, or has an older schema is renamed aside (kept, with a timestamp) and an empty one takes its place; the
 * handle's {@link ReadOnlyCatalog#openNotice()} then says so.
 */
public final class Catalogs {

	private Catalogs() {
	}

	/** The state folder shared by the workbench and the command line. */
	public static Path home() {
		// the property first: launchers turn $LAKESTUDIO_HOME into it, and tests set it per run
		String prop = System.getProperty("lakestudio.home");
		if (prop != null && !prop.isBlank()) {
			return Path.of(prop).toAbsolutePath();
		}
		String env = System.getenv("LAKESTUDIO_HOME");
		if (env != null && !env.isBlank()) {
			return Path.of(env).toAbsolutePath();
		}
		return Path.of(System.getProperty("user.home"), ".lakestudio");
	}

	public static Path catalogFile(Path home, String account) {
		return home.resolve("catalog-" + account.replaceAll("[^A-Za-z0-9._@-]", "_") + ".sqlite");
	}

	/**
	 * Builds, on a thread of its own, what the first open of a catalog in this JVM builds before it reads a byte:
	 * sqlite-jdbc's date formats (made for every connection, used by none of ours) and the default time zone and
	 * calendar under them, some 6 ms of a metadata answer that runs interpreted. The command line calls it first
	 * thing, so they are made while it reads its arguments and settings and loads SQLite; an open that comes to
	 * them before they are done makes its own, as without this.
	 */
	public static void warmUp() {
		Thread t = new Thread(() -> new org.sqlite.SQLiteConfig(), "catalog warm-up");
		t.setDaemon(true);
		t.start();
	}

	/** Opens (creating if needed) the catalog with its writes, for the sync job. */
	public static Catalog open(Path file, String account) {
		return new SqliteCatalog(CatalogFile.open(file, account, true));
	}

	/** Opens the catalog for reading only: what the tree and the metadata commands use. */
	public static ReadOnlyCatalog openReadOnly(Path file, String account) {
		return new SqliteReadOnlyCatalog(CatalogFile.open(file, account, false));
	}
}
