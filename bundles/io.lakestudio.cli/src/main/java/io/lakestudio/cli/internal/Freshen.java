package io.lakestudio.cli.internal;

import java.io.PrintWriter;
import java.nio.file.Path;

import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.ReadOnlyCatalog;
import io.lakestudio.catalog.Workspace;

/**
 * {@code --fresh} as a metadata command sees it: the listings it needs, read now through the sync worker into the
 * catalog. An interface, and its implementation loaded by name, so that a metadata command without
 * {@code --fresh} links nothing of the lake or the sync job (the fast launcher doesn't even have them).
 */
interface Freshen extends AutoCloseable {

	/** Reads {@code listing} now, ahead of any queue, into the catalog; fails at once offline or paused. */
	void listing(String listing);

	/** A workspace by name; its parent listing is read only if the catalog doesn't know the name. */
	Workspace workspace(String name);

	/** An item given as {@code workspace/item}; parent listings are read only if the name isn't known. */
	Item item(String path);

	/** The catalog the listings went into (read-write, open until {@link #close()}). */
	ReadOnlyCatalog catalog();

	@Override
	void close();

	static Freshen open(Path home, PrintWriter err) {
		try {
			return (Freshen) Class.forName("io.lakestudio.cli.internal.FreshListings")
					.getDeclaredConstructor(Path.class, PrintWriter.class).newInstance(home, err);
		} catch (java.lang.reflect.InvocationTargetException e) {
			if (e.getCause() instanceof RuntimeException r) {
				throw r;
			}
			throw new Die(3, "--fresh cannot start: " + e.getCause());
		} catch (ReflectiveOperationException | LinkageError e) {
			throw new Die(3, "--fresh is not available on this class path (run the full launcher): " + e);
		}
	}
}
