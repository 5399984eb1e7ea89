package io.lakestudio.engine.internal;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import io.lakestudio.catalog.LakeTable;
import io.lakestudio.mirror.Held;

/**
 * What a statement was made into last time (the text DuckDB ran, the tables it read, the local files it held)
 * and the state that was made from: the catalog's generation, the disk cache's removals and each table's held
 * log; the views it
 * points at (see {@link Views}). Run again while all of that is unchanged and no log is due for refreshing, the statement skips the name
 * lookup, the mirror and the chunk bookkeeping and goes straight to DuckDB: on a warm table that bookkeeping was
 * as long as DuckDB's own {@code count(*)}. Anything that moved makes the plan again, as the first time.
 */
public record KeptPlan(String text, Set<String> used, int files, long catalogGeneration, long cacheRemovals,
		List<Read> tables, Set<Path> local, Set<String> views) {

	/** A table the plan read, and what of its log was held then (version, when it was read from the lake). */
	public record Read(LakeTable table, Held held) {
	}
}
