package io.lakestudio.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every Delta table of io.trino:trino-delta-lake:449:tests (Databricks, Delta OSS and Trino writers: deletion
 * vectors, column mapping id and name, multipart and v2 checkpoints, partitions of every type, escaped paths)
 * read through the engine from a local-folder lake must equal Delta Kernel's own full read of the original
 * folder: row count and an order-independent checksum over the primitive columns. Tables Kernel can't read are
 * listed with its reason. The table is written to target/correctness.md.
 */
class TrinoCorrectnessTest {

	@Test
	void everyTableKernelReadsGivesTheSameAnswer(@TempDir Path tmp) throws Exception {
		Path lakeRoot = tmp.resolve("lake");
		Path tables = lakeRoot.resolve("Trino/Golden.Lakehouse/Tables");
		List<String> names = extract(tables);
		List<String> report = new ArrayList<>(List.of("| table | Kernel rows | engine rows | checksum | note |",
				"|---|---|---|---|---|"));
		List<String> wrong = new ArrayList<>();
		List<String> same = new ArrayList<>();
		try (TestLake lake = TestLake.of(tmp, lakeRoot); Engine engine = lake.engine()) {
			for (String name : names) {
				String folder = name.replace('/', '.');
				KernelOracle.Answer want;
				try {
					want = KernelOracle.read(tables.resolve(folder), null);
				} catch (Exception | LinkageError e) {
					report.add("| " + name + " | – | – | – | Kernel can't read it: " + oneLine(e) + " |");
					continue;
				}
				if (compare(engine, name, folder, want, report, wrong)) {
					same.add(name);
				}
			}
		}
		report.add("");
		report.add(same.size() + " of " + names.size() + " tables equal; " + wrong.size() + " differ or fail.");
		Files.createDirectories(Path.of("target"));
		Files.write(Path.of("target", "correctness.md"), report);
		assertTrue(wrong.isEmpty(), String.join("\n", wrong));
		assertEquals(TrinoTables.EQUAL, same, "the tables whose read equals Kernel's");
	}

	/**
	 * The engine's {@code SELECT *} of Trino table {@code name} (folder {@code folder}) against Kernel's answer
	 * {@code want}: a line of the report, and of {@code wrong} when they differ or the engine fails; whether equal.
	 */
	static boolean compare(Engine engine, String name, String folder, KernelOracle.Answer want, List<String> report,
			List<String> wrong) {
		KernelOracle.Answer got;
		try {
			got = TestLake.read(engine, "SELECT * FROM \"Trino/Golden\"." + Sqlish.ident(folder));
		} catch (Exception e) {
			report.add("| " + name + " | " + want.rows() + " | error | – | " + oneLine(e) + " |");
			wrong.add(name + ": " + oneLine(e));
			return false;
		}
		boolean ok = want.rows() == got.rows() && want.checksum() == got.checksum()
				&& want.columns().equals(got.columns());
		String note = want.skipped().isEmpty() ? "" : "nested columns counted only: " + want.skipped();
		report.add("| " + name + " | " + want.rows() + " | " + got.rows() + " | " + (ok ? "equal" : "DIFFERENT")
				+ " | " + note + " |");
		if (!ok) {
			wrong.add(name + ": kernel " + want + " engine " + got);
		}
		return ok;
	}

	static String oneLine(Throwable e) {
		String m = String.valueOf(e.getMessage()).replace('\n', ' ').replace('|', '/');
		return m.length() > 160 ? m.substring(0, 160) + "…" : m;
	}

	/** Copies every table folder of the test jar into the lake, named with '.' for '/'. */
	static List<String> extract(Path tables) throws Exception {
		URL probe = TrinoCorrectnessTest.class.getClassLoader().getResource("deltalake/person/_delta_log/");
		JarURLConnection c = (JarURLConnection) probe.openConnection();
		c.setUseCaches(false);
		TreeSet<String> names = new TreeSet<>();
		try (JarFile jar = c.getJarFile()) {
			for (JarEntry e : java.util.Collections.list(jar.entries())) {
				String n = e.getName();
				int i = n.indexOf("/_delta_log/");
				if (i > 0 && n.endsWith("/_delta_log/") && !n.startsWith("META-INF")) {
					names.add(n.substring(0, i));
				}
			}
			for (JarEntry e : java.util.Collections.list(jar.entries())) {
				if (e.isDirectory()) {
					continue;
				}
				for (String t : names) {
					if (e.getName().startsWith(t + "/") && !nested(names, t, e.getName())) {
						Path out = tables.resolve(t.replace('/', '.')).resolve(e.getName().substring(t.length() + 1));
						Files.createDirectories(out.getParent());
						try (InputStream in = jar.getInputStream(e)) {
							Files.copy(in, out, StandardCopyOption.REPLACE_EXISTING);
						}
					}
				}
			}
		}
		return List.copyOf(names);
	}

	/** A file of a table nested inside another table's folder belongs to the inner one only. */
	private static boolean nested(TreeSet<String> names, String t, String entry) {
		for (String o : names) {
			if (!o.equals(t) && o.startsWith(t + "/") && entry.startsWith(o + "/")) {
				return true;
			}
		}
		return false;
	}

	/** Identifier quoting for the test's own SQL. */
	static final class Sqlish {
		static String ident(String s) {
			return "\"" + s.replace("\"", "\"\"") + "\"";
		}
	}
}
