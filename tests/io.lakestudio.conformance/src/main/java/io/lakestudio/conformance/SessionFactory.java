package io.lakestudio.conformance;

import java.nio.file.Path;

/**
 * Where the runner's SQL goes: Lakestudio's engine (the tool), or raw DuckDB (the runner's own tests). Each file
 * gets a database on a fresh state folder; {@code restart} and {@code load} open another on the same folder.
 */
public interface SessionFactory {

	/** How the report names it. */
	String name();

	/** Whether {@code require <extension>} is met. */
	boolean has(String extension);

	/**
	 * @param state    a folder of its own for this file's database (fresh for each file, kept across restarts)
	 * @param catalog  the DuckLake catalog kind the run is for
	 * @param file     the database file {@code load} named, or null for the default (in memory)
	 * @param readOnly {@code load <file> readonly}
	 */
	SqlDatabase open(Path state, CatalogKind catalog, Path file, boolean readOnly) throws SqlFailure;
}
