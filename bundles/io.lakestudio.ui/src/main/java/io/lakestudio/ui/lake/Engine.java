package io.lakestudio.ui.lake;

import org.eclipse.core.runtime.Platform;

/**
 * Whether statements can run: they go through the engine bundle, which loads DuckDB on the first statement. The
 * UI never touches DuckDB itself. Until the engine bundle is installed, what needs it shows this state.
 */
public final class Engine {

	public static final String BUNDLE = "io.lakestudio.engine";
	public static final String NOT_AVAILABLE = "The engine (" + BUNDLE + ", DuckDB) is not in this build yet:"
			+ " no statement can run and no rows can be read. Names, stats and history come from the catalog and"
			+ " the Delta log and work without it.";

	private Engine() {
	}

	public static boolean available() {
		return Platform.getBundle(BUNDLE) != null;
	}
}
