package io.lakestudio.ui.lake;

import org.eclipse.core.runtime.Platform;

/**
 * Whether statements can run: they go through the engine bundle (see {@link Engines}), which loads DuckDB on the
 * first statement. The UI never touches DuckDB itself. The ui bundle imports the engine's package, so in a
 * resolved install it is there; the check stays for what reports it.
 */
public final class Engine {

	public static final String BUNDLE = "io.lakestudio.engine";
	public static final String NOT_AVAILABLE = "The engine (" + BUNDLE + ", DuckDB) is not installed:"
			+ " no statement can run and no rows can be read. Names, stats and history come from the catalog and"
			+ " the Delta log and work without it.";

	private Engine() {
	}

	public static boolean available() {
		return Platform.getBundle(BUNDLE) != null;
	}
}
