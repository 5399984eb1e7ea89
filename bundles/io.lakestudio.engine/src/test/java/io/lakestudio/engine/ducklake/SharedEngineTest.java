package io.lakestudio.engine.ducklake;

import java.nio.file.Path;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.engine.Engine;

/**
 * A test class whose tests share one engine ({@link DuckLakeEngines#open}) over an empty lake catalog, both in the
 * class's temporary home, the engine closed after the class. A subclass's own set-up runs after this one's.
 */
abstract class SharedEngineTest {

	@TempDir
	static Path home;
	static Catalog catalog;
	static Engine engine;

	@BeforeAll
	static void openSharedEngine() throws Exception {
		catalog = Catalogs.open(Catalogs.catalogFile(home, "t"), "t");
		engine = DuckLakeEngines.open(home.resolve("state"), catalog);
	}

	@AfterAll
	static void closeSharedEngine() {
		engine.close();
	}
}
