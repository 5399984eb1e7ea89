package io.lakestudio.delta;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.jar.Manifest;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * Bundle-ClassPath must name exactly the jars copy-dependencies put into lib/: a version bump that adds or drops
 * a transitive jar fails here instead of with a NoClassDefFoundError inside OSGi.
 */
class EmbeddedLibsTest {

	@Test
	void bundleClassPathMatchesLib() throws Exception {
		Manifest mf;
		try (InputStream in = Files.newInputStream(Path.of("META-INF/MANIFEST.MF"))) {
			mf = new Manifest(in);
		}
		List<String> declared = Arrays.stream(mf.getMainAttributes().getValue("Bundle-ClassPath").split(","))
				.map(String::trim).filter(s -> !s.equals(".")).sorted().toList();
		List<String> present;
		try (Stream<Path> s = Files.list(Path.of("lib"))) {
			present = s.map(p -> "lib/" + p.getFileName()).filter(n -> n.endsWith(".jar")).sorted().toList();
		}
		assertEquals(present, declared);
		// our API, and the embedded Parquet footer classes for the engine alone (one copy of parquet-format-structures
		// shared, not a second embedded there): nothing else of the embedded libraries leaks out
		List<String> exported = Arrays.stream(mf.getMainAttributes().getValue("Export-Package").split(",(?=[a-z])"))
				.map(String::trim).sorted().toList();
		String friend = ";version=\"1.16.0\";x-friends:=\"io.lakestudio.engine\"";
		assertEquals(Stream.of("io.lakestudio.delta", "org.apache.parquet.format" + friend,
				"shaded.parquet.org.apache.thrift" + friend, "shaded.parquet.org.apache.thrift.protocol" + friend).sorted()
				.toList(), exported);
	}
}
