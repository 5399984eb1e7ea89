package io.lakestudio.tests;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;

import io.lakestudio.emulator.BigTenant;
import io.lakestudio.emulator.Emulator;
import io.lakestudio.emulator.Request;
import io.lakestudio.emulator.Tokens;
import io.lakestudio.onelake.LakeStore;
import io.lakestudio.onelake.auth.ClientCredentials;
import io.lakestudio.onelake.fabric.DfsStore;
import io.lakestudio.onelake.fabric.Endpoints;
import io.lakestudio.onelake.fabric.FabricLake;

/**
 * The OneLake bundle inside Equinox: azure-storage-file-datalake, azure-core, its JDK HTTP client, reactor and their
 * Jackson are embedded (lib/*.jar) and private; only io.lakestudio.onelake* is exported; lib/ matches
 * Bundle-ClassPath; and DFS calls go through the SDK here too (no HttpClient provider is looked up by
 * ServiceLoader, which fails across bundles).
 */
@Timeout(120)
class OneLakeBundleTest {

	@TempDir
	Path dir;

	@Test
	void exportsOnlyItsOwnPackages() throws Exception {
		Bundle b = FrameworkUtil.getBundle(FabricLake.class);
		assertTrue(b != null, "io.lakestudio.onelake runs as a bundle");
		for (String export : b.getHeaders().get("Export-Package").split(",")) {
			assertTrue(export.trim().startsWith("io.lakestudio.onelake"), export);
		}
		ClassLoader mine = OneLakeBundleTest.class.getClassLoader();
		for (String hidden : List.of("com.azure.storage.file.datalake.DataLakeServiceClient",
				"com.azure.core.http.jdk.httpclient.JdkHttpClientBuilder", "reactor.core.publisher.Mono")) {
			assertThrows(ClassNotFoundException.class, () -> mine.loadClass(hidden), hidden + " leaks");
		}
		Class<?> c = b.loadClass("com.azure.storage.file.datalake.DataLakeServiceClientBuilder");
		assertEquals(FabricLake.class.getClassLoader(), c.getClassLoader());
	}

	@Test
	void embeddedJarsMatchBundleClassPath() {
		Bundle b = FrameworkUtil.getBundle(FabricLake.class);
		TreeSet<String> embedded = new TreeSet<>();
		Enumeration<URL> e = b.findEntries("lib", "*.jar", false);
		for (URL u : e == null ? new ArrayList<URL>() : Collections.list(e)) {
			embedded.add(u.getPath().replaceFirst("^/", ""));
		}
		TreeSet<String> declared = new TreeSet<>();
		for (String entry : b.getHeaders().get("Bundle-ClassPath").split(",")) {
			if (!entry.trim().equals(".")) {
				declared.add(entry.trim());
			}
		}
		assertTrue(embedded.contains("lib/azure-storage-file-datalake.jar"), "embedded: " + embedded);
		assertEquals(declared, embedded);
	}

	@Test
	void dfsGoesThroughTheSdkInsideOsgi() throws Exception {
		Path lake = dir.resolve("lake");
		BigTenant.write(lake, 1, 1, 1);
		Files.writeString(lake.resolve("ws00/lh000.Lakehouse/Files/a.txt"), "hello dfs");
		try (Emulator emu = Emulator.start(lake)) {
			Endpoints e = Endpoints.of(emu.fabricUrl(), emu.dfsUrl()).trusting(emu.dfsCaFile())
					.withTimeouts(Duration.ofSeconds(5), Duration.ofSeconds(20));
			DfsStore store = new FabricLake(e, new ClientCredentials(URI.create(emu.tokenUrl()), Tokens.CLIENT_ID,
					() -> Tokens.CLIENT_SECRET, HttpClient.newHttpClient(), Clock.systemUTC()), l -> { },
					Clock.systemUTC()).store();
			String files = store.path("ws00", "lh000.Lakehouse/Files");
			List<LakeStore.Entry> listed = store.list(files, false);
			assertEquals(1, listed.size(), listed::toString);
			assertArrayEquals("dfs".getBytes(), store.read(files + "/a.txt", 6, 3));
			List<Request> wire = emu.log().matching(r -> r.api().equals("dfs"));
			assertEquals(2, wire.size(), wire::toString);
			assertTrue(wire.stream().allMatch(r -> r.userAgent().contains("azsdk-java-azure-storage-file-datalake")),
					wire::toString);
		}
	}
}
