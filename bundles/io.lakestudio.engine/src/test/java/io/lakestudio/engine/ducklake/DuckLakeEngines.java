package io.lakestudio.engine.ducklake;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.engine.Engine;
import io.lakestudio.engine.EngineConfig;

/** The engine the DuckLake tests attach their catalogs on: no lake behind it, the local data paths only. */
final class DuckLakeEngines {

	private DuckLakeEngines() {
	}

	/** An engine with its state in {@code state}: 512 MB, one thread, a 1 GB disk cache. */
	static Engine open(Path state, Catalog catalog) {
		return open(state, catalog, 1);
	}

	static Engine open(Path state, Catalog catalog, int threads) {
		return new Engine(new EngineConfig(state, catalog, null, Clock.systemUTC(), 512, threads, 1L << 30,
				Duration.ofHours(1), true));
	}

	/** A smaller engine (256 MB, 256 MB cache) for tests that start several, in one process or in children. */
	static Engine small(Path state, Catalog catalog) {
		return new Engine(new EngineConfig(state, catalog, null, Clock.systemUTC(), 256, 1, 1L << 28,
				Duration.ofHours(1), true));
	}
}
