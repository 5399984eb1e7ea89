package io.lakestudio.moraine;

import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * The seed's layering, checked on the sources: catalog never touches the KV port; store knows nothing of the
 * catalog (nor of DuckLake's names); only transaction turns catalog changes into store writes.
 */
class LayeringTest {

	static final Path MAIN = Path.of("src/main/java/io/lakestudio/moraine");

	static List<Path> sources(String pkg) throws IOException {
		try (Stream<Path> s = Files.list(MAIN.resolve(pkg))) {
			return s.filter(p -> p.toString().endsWith(".java")).toList();
		}
	}

	@Test
	void catalogNeverTouchesTheKv() throws IOException {
		List<Path> files = sources("internal/catalog");
		assertFalse(files.isEmpty());
		for (Path p : files) {
			String src = Files.readString(p);
			assertFalse(src.contains("io.lakestudio.moraine.store."), p + " imports the KV port");
			assertFalse(src.contains("internal.transaction"), p + " reaches up into the commit protocol");
		}
	}

	@Test
	void storeKnowsNothingOfTheCatalog() throws IOException {
		for (String pkg : List.of("internal/store", "store"))
			for (Path p : sources(pkg)) {
				String src = Files.readString(p);
				assertFalse(src.contains("internal.catalog"), p.toString());
				assertFalse(src.contains("internal.transaction"), p.toString());
				assertFalse(src.contains("import io.lakestudio.moraine.") && src.matches(
						"(?s).*import io\\.lakestudio\\.moraine\\.[A-Z].*"), p + " imports the catalog API");
				assertFalse(src.contains("ducklake_"), p + " names a DuckLake table");
			}
	}
}
