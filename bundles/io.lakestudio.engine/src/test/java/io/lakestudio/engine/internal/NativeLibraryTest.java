package io.lakestudio.engine.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.JarURLConnection;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.jar.JarFile;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DuckDB's library taken out of the driver jar into a state folder: once, checked at each start by its stamp,
 * extracted again when the file is not the one written, and once when two processes start at once. What the
 * folder holds is compared with the jar's own entry, hashed here.
 */
class NativeLibraryTest {

	@TempDir
	Path engine;
	private final List<String> log = new ArrayList<>();
	private static Path jar;
	private static String libName;
	private static String jarSha;

	@BeforeAll
	static void driverJar() throws Exception {
		var url = (JarURLConnection) NativeLibraryTest.class.getClassLoader()
				.getResource("org/duckdb/DuckDBDriver.class").openConnection();
		jar = Path.of(url.getJarFileURL().toURI());
		libName = NativeLibrary.libraryName();
		try (JarFile j = new JarFile(jar.toFile()); InputStream in = j.getInputStream(j.getEntry(libName))) {
			jarSha = sha256(in);
		}
	}

	@Test
	void theFirstStartExtractsTheClassesAndThisPlatformsLibraryOnly() throws Exception {
		Path classes = NativeLibrary.extractOnce(jar, engine, log::add);
		assertEquals(jarSha, sha256(classes.resolveSibling(libName)), "the jar's library beside the classes");
		try (JarFile j = new JarFile(classes.toFile())) {
			assertNotNull(j.getEntry("org/duckdb/DuckDBDriver.class"));
			assertNull(j.getEntry(libName), "not a resource: DuckDB would copy it to tmp at every start");
		}
		try (Stream<Path> s = Files.list(classes.getParent())) {
			assertEquals(List.of(libName), s.map(p -> p.getFileName().toString())
					.filter(n -> n.startsWith("libduckdb_java") && !n.endsWith(".stamp")).toList(),
					"no other platform's library");
		}
		assertEquals(2, log.size(), "each file extracted is said: " + log);
	}

	@Test
	void aSecondStartExtractsNothing() throws Exception {
		Path classes = NativeLibrary.extractOnce(jar, engine, log::add);
		Path lib = classes.resolveSibling(libName);
		BasicFileAttributes before = Files.readAttributes(lib, BasicFileAttributes.class);
		Object classesKey = Files.readAttributes(classes, BasicFileAttributes.class).fileKey();
		log.clear();
		assertEquals(classes, NativeLibrary.extractOnce(jar, engine, log::add));
		assertEquals(List.of(), log);
		BasicFileAttributes after = Files.readAttributes(lib, BasicFileAttributes.class);
		assertEquals(before.fileKey(), after.fileKey(), "the same library file, not a new one moved in");
		assertEquals(before.lastModifiedTime(), after.lastModifiedTime(), "nothing written into it");
		assertEquals(classesKey, Files.readAttributes(classes, BasicFileAttributes.class).fileKey());
	}

	@Test
	void aTruncatedLibraryIsExtractedAgain() throws Exception {
		Path lib = NativeLibrary.extractOnce(jar, engine, s -> {
		}).resolveSibling(libName);
		try (FileChannel f = FileChannel.open(lib, StandardOpenOption.WRITE)) {
			f.truncate(Files.size(lib) / 2); // a start killed while copying, or a full disk
		}
		NativeLibrary.extractOnce(jar, engine, log::add);
		assertEquals(jarSha, sha256(lib));
		assertEquals(1, log.size(), String.valueOf(log));
		assertTrue(log.get(0).contains(lib.toString()) && log.get(0).contains("extracted again"), log.get(0));
		log.clear();
		NativeLibrary.extractOnce(jar, engine, log::add);
		assertEquals(List.of(), log, "a library that is the one written is said nothing of");
	}

	@Test
	void aLibraryWrittenIntoKeepingItsSizeIsExtractedAgain() throws Exception {
		Path lib = NativeLibrary.extractOnce(jar, engine, s -> {
		}).resolveSibling(libName);
		long size = Files.size(lib);
		try (FileChannel f = FileChannel.open(lib, StandardOpenOption.WRITE)) {
			f.write(ByteBuffer.wrap(new byte[] { 0x42, 0x42, 0x42, 0x42 }), size / 2);
		}
		assertEquals(size, Files.size(lib));
		NativeLibrary.extractOnce(jar, engine, log::add);
		assertEquals(jarSha, sha256(lib));
		assertTrue(log.size() == 1 && log.get(0).contains("modified since it was written"), String.valueOf(log));
	}

	@Test
	void aMissingLibraryOrADamagedClassesJarIsExtractedAgain() throws Exception {
		Path classes = NativeLibrary.extractOnce(jar, engine, s -> {
		});
		Path lib = classes.resolveSibling(libName);
		Files.delete(lib);
		Files.move(Files.writeString(engine.resolve("garbage"), "not a jar"), classes,
				java.nio.file.StandardCopyOption.REPLACE_EXISTING);
		NativeLibrary.extractOnce(jar, engine, log::add);
		assertEquals(jarSha, sha256(lib));
		try (JarFile j = new JarFile(classes.toFile())) {
			assertNotNull(j.getEntry("org/duckdb/DuckDBDriver.class"));
		}
		assertEquals(2, log.size(), String.valueOf(log));
		assertTrue(log.stream().anyMatch(l -> l.contains(lib + " is missing")), String.valueOf(log));
	}

	@Test
	void leftoversOfAKilledStartAndOfAnOlderLayoutAreRemoved() throws Exception {
		Path classes = NativeLibrary.extractOnce(jar, engine, s -> {
		});
		Path dir = classes.getParent();
		// an older Lakestudio: every platform's library, no stamps; a start killed while copying
		Files.delete(NativeLibrary.stampOf(classes.resolveSibling(libName)));
		Path other = Files.writeString(dir.resolve("libduckdb_java.so_macos_arm64"), "a library");
		Path tmp = Files.writeString(dir.resolve(libName + "123.tmp"), "half a library");
		NativeLibrary.extractOnce(jar, engine, log::add);
		assertTrue(!Files.exists(other) && !Files.exists(tmp), "removed");
		assertEquals(jarSha, sha256(classes.resolveSibling(libName)));
		assertTrue(Files.exists(NativeLibrary.stampOf(classes.resolveSibling(libName))));
	}

	@Test
	void theFilesArePrivate() throws Exception {
		Path dir = NativeLibrary.extractOnce(jar, engine, s -> {
		}).getParent();
		try (Stream<Path> s = Files.list(dir)) {
			for (Path p : s.toList()) {
				var perms = Files.getPosixFilePermissions(p);
				assertTrue(perms.stream().noneMatch(x -> x.name().startsWith("GROUP") || x.name().startsWith("OTHERS")),
						p + " " + perms);
			}
		}
		assertTrue(!Files.getPosixFilePermissions(dir).contains(PosixFilePermission.OTHERS_READ));
	}

	/** Two starts held at a gate and let go together: one extracts, the other waits and finds it done. */
	@Test
	void twoProcessesStartingAtOnceExtractOnce() throws Exception {
		String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
		List<Process> starts = new ArrayList<>();
		for (int i = 0; i < 2; i++) {
			starts.add(new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
					cp, Start.class.getName(), jar.toString(), engine.toString()).redirectErrorStream(true).start());
		}
		for (Process p : starts) {
			assertEquals("ready", new BufferedReader(new InputStreamReader(p.getInputStream())).readLine());
		}
		for (Process p : starts) {
			try (OutputStream go = p.getOutputStream()) {
				go.write('\n');
			}
		}
		List<String> said = new ArrayList<>();
		for (Process p : starts) {
			said.addAll(new String(p.getInputStream().readAllBytes()).lines().toList());
			assertEquals(0, p.waitFor(), String.valueOf(said));
		}
		assertEquals(1, said.stream().filter(l -> l.contains(libName) && l.contains("extracted")).count(),
				"one start extracted the library: " + said);
		assertEquals(jarSha, sha256(engine.resolve("duckdb-" + Files.size(jar)).resolve(libName)));
	}

	/** A start in a process of its own (see the test above): says what it extracted. */
	public static final class Start {
		public static void main(String[] a) throws Exception {
			System.out.println("ready");
			System.out.flush();
			System.in.read();
			NativeLibrary.extractOnce(Path.of(a[0]), Path.of(a[1]), System.out::println);
		}
	}

	private static String sha256(Path file) throws Exception {
		try (InputStream in = Files.newInputStream(file)) {
			return sha256(in);
		}
	}

	private static String sha256(InputStream in) throws Exception {
		MessageDigest md = MessageDigest.getInstance("SHA-256");
		in.transferTo(new DigestOutputStream(OutputStream.nullOutputStream(), md));
		return HexFormat.of().formatHex(md.digest());
	}
}
