package io.lakestudio.delta;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/** Real tables from io.trino:trino-delta-lake:449:tests, extracted once into target/trino-tables/. */
public final class TrinoTables {

	private static final Path ROOT = Path.of("target", "trino-tables").toAbsolutePath();

	private TrinoTables() {
	}

	public static synchronized Path table(String name) {
		Path dir = ROOT.resolve(name);
		if (Files.isDirectory(dir.resolve("_delta_log"))) {
			return dir;
		}
		URL probe = TrinoTables.class.getClassLoader().getResource(name + "/_delta_log/");
		if (probe == null) {
			throw new IllegalArgumentException("not in the Trino test jar: " + name);
		}
		try {
			JarURLConnection c = (JarURLConnection) probe.openConnection();
			c.setUseCaches(false);
			try (JarFile jar = c.getJarFile()) {
				for (JarEntry e : java.util.Collections.list(jar.entries())) {
					if (e.isDirectory() || !e.getName().startsWith(name + "/")) {
						continue;
					}
					Path out = ROOT.resolve(e.getName());
					Files.createDirectories(out.getParent());
					try (InputStream in = jar.getInputStream(e)) {
						Files.copy(in, out, StandardCopyOption.REPLACE_EXISTING);
					}
				}
			}
		} catch (IOException e) {
			throw new UncheckedIOException(e);
		}
		return dir;
	}
}
