package io.lakestudio.engine.internal;

import java.io.IOException;
import java.net.JarURLConnection;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;

import io.lakestudio.catalog.EventLog;
import io.lakestudio.catalog.StateFolder;
import io.lakestudio.engine.EngineConfig;

/**
 * Starts DuckDB: the native library extracted once into the state folder, memory and threads bounded, spilling
 * inside the state folder, and locked down so that it may open only {@code cache/} and {@code mirror/}.
 * <p>
 * duckdb_jdbc's loader copies its 71 MB library to java.io.tmpdir on every start when the library is a resource
 * of its jar, and has no property to redirect that. When it is not a resource it loads the file named
 * {@code libduckdb_java.so_<os>_<arch>} beside the jar. So the driver's classes are copied once, without the
 * library, into {@code <state>/engine/duckdb-<jar size>/} next to the library, and loaded from there by a class
 * loader of their own: only {@code java.sql} types cross into our code. Inside OSGi the same is done with the
 * DuckDB bundle's jar (found from its classes' code source); only a bundle unpacked into a folder falls back to
 * the bundle's own driver, whose library goes to java.io.tmpdir (the workbench points that into the state folder).
 */
public final class DuckDb {

	private static final String DRIVER = "org.duckdb.DuckDBDriver";

	/** One per process: the JVM lets one class loader only load a native library. */
	private static Driver driver;

	private DuckDb() {
	}

	public static Connection open(EngineConfig c) throws SQLException, IOException {
		return open(c, List.of());
	}

	/**
	 * A DuckDB of its own, locked down as the engine's is, that may also open the folders {@code alsoAllowed} (a
	 * DuckLake session's data paths and staging folder): the engine's own DuckDB never learns them.
	 */
	public static Connection open(EngineConfig c, List<Path> alsoAllowed) throws SQLException, IOException {
		Driver driver = driver(c.home().resolve("engine"));
		Properties p = new Properties();
		p.setProperty("jdbc_stream_results", "true");
		Connection conn = driver.connect("jdbc:duckdb:", p);
		try (Statement s = conn.createStatement()) {
			s.execute("ATTACH ':memory:' AS " + Sql.ENGINE); // the engine's own views and tables, see Sql.ENGINE
		}
		lockDown(conn, c, alsoAllowed);
		return conn;
	}

	/**
	 * A DuckDB of its own with nothing locked down, its library loaded as the engine's is (from
	 * {@code <home>/engine/}, not copied to tmp): for writing sample data, never for a user's statement.
	 */
	public static Connection unlocked(Path home) throws SQLException, IOException {
		return driver(home.resolve("engine")).connect("jdbc:duckdb:", new Properties());
	}

	/**
	 * A DuckDB database file opened on a connection of its own, nothing locked down: a DuckLake catalog's metadata
	 * ({@code ducklake:<file>}), which only the DuckLake store's own statements touch, never a user's.
	 */
	public static Connection file(Path home, Path file, boolean readOnly) throws SQLException, IOException {
		Properties p = new Properties();
		if (readOnly) {
			p.setProperty("duckdb.read_only", "true");
		}
		return driver(home.resolve("engine")).connect("jdbc:duckdb:" + file, p);
	}

	static void lockDown(Connection conn, EngineConfig c) throws SQLException, IOException {
		lockDown(conn, c, List.of());
	}

	static void lockDown(Connection conn, EngineConfig c, List<Path> alsoAllowed) throws SQLException, IOException {
		StringBuilder more = new StringBuilder();
		for (Path a : alsoAllowed) {
			String dir = a.toAbsolutePath().normalize().toString();
			more.append(", ").append(Sql.string(dir.endsWith("/") ? dir : dir + "/"));
		}
		Path home = c.home().toAbsolutePath().normalize();
		StateFolder.ensure(home);
		Path spill = StateFolder.folder(home.resolve("engine").resolve("spill"));
		StateFolder.folder(home.resolve("cache"));
		StateFolder.folder(home.resolve("mirror"));
		List<String> settings = List.of("SET memory_limit = '" + c.memoryLimitMb() + "MB'",
				"SET threads = " + c.threads(), "SET temp_directory = " + Sql.string(spill.toString()),
				"SET TimeZone = 'UTC'",
				// schema= makes read_parquet's estimate ~1 row; the planner would then build on the big side
				"SET disabled_optimizers = 'build_side_probe_side'",
				// a gap read between two wanted chunks would ask a lazy store for bytes nobody needs
				"SET parquet_prefetch_column_gap = 0",
				// footers parsed once, not per statement: a cached file's footer never changes (its name is its
				// lake path and size), and DuckDB checks the file's modification time
				"SET parquet_metadata_cache = true",
				"SET autoinstall_known_extensions = false", "SET autoload_known_extensions = false",
				"SET allow_community_extensions = false",
				"SET allowed_directories = [" + Sql.string(home.resolve("cache") + "/") + ", "
						+ Sql.string(home.resolve("mirror") + "/") + more + "]",
				"SET enable_external_access = false", "SET lock_configuration = true");
		try (Statement s = conn.createStatement()) {
			for (String sql : settings) {
				s.execute(sql);
			}
		}
	}

	private static synchronized Driver driver(Path engineDir) throws IOException {
		if (driver == null) {
			driver = load(engineDir);
		}
		return driver;
	}

	private static Driver load(Path engineDir) throws IOException {
		try {
			Path jar = driverJar();
			if (jar != null) {
				Path classes = extractOnce(jar, engineDir);
				ClassLoader own = new URLClassLoader(new URL[] { classes.toUri().toURL() },
						ClassLoader.getPlatformClassLoader());
				return (Driver) Class.forName(DRIVER, true, own).getDeclaredConstructor().newInstance();
			}
			return (Driver) DuckDb.class.getClassLoader().loadClass(DRIVER).getDeclaredConstructor().newInstance();
		} catch (ReflectiveOperationException | java.net.URISyntaxException e) {
			throw new IOException("cannot load DuckDB's driver: " + e, e);
		}
	}

	/**
	 * The jar file the driver comes from: on a class path, the jar its class is read from; inside OSGi, the
	 * DuckDB bundle's own jar (its classes are only looked at, not initialised: the library is not loaded).
	 * Null when it is not a plain jar file (a bundle unpacked into a folder).
	 */
	private static Path driverJar() throws IOException, java.net.URISyntaxException {
		ClassLoader loader = DuckDb.class.getClassLoader();
		URL res = loader.getResource(DRIVER.replace('.', '/') + ".class");
		if (res != null && "jar".equals(res.getProtocol())) {
			return Path.of(((JarURLConnection) res.openConnection()).getJarFileURL().toURI());
		}
		try {
			java.security.CodeSource cs = Class.forName(DRIVER, false, loader).getProtectionDomain().getCodeSource();
			URL at = cs == null ? null : cs.getLocation();
			if (at != null && "file".equals(at.getProtocol())) {
				Path p = Path.of(at.toURI());
				return Files.isRegularFile(p) && p.toString().endsWith(".jar") ? p : null;
			}
		} catch (ClassNotFoundException | SecurityException e) {
			return null;
		}
		return null;
	}

	/** See {@link NativeLibrary}: a file extracted again is said in the state folder's log. */
	private static Path extractOnce(Path jar, Path engineDir) throws IOException {
		EventLog log = new EventLog(engineDir.toAbsolutePath().getParent());
		return NativeLibrary.extractOnce(jar, engineDir, m -> log.log("engine", m));
	}
}
