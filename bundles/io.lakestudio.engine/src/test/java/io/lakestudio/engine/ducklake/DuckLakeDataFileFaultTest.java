package io.lakestudio.engine.ducklake;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.engine.Engine;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineSession;
import io.lakestudio.engine.Result;

/**
 * Issue 10 §5: a data file the catalog names, gone or damaged (cut short; its footer overwritten; its middle
 * overwritten with the size kept): a statement on its table fails naming the table and the file; the other
 * tables still read; the catalog file is not written by the failures.
 */
class DuckLakeDataFileFaultTest {

	@TempDir
	Path dir;

	@Test
	void aMissingOrDamagedDataFileFailsItsTableAloneNamingTableAndFile() throws Exception {
		Path meta = dir.resolve("lake.sqlite");
		try (Catalog c = Catalogs.open(Catalogs.catalogFile(dir.resolve("state"), "f"), "f");
				Engine engine = DuckLakeEngines.small(dir.resolve("state"), c);
				EngineSession s = engine.openSession("t")) {
			s.execute("ATTACH 'ducklake:sqlite:" + meta + "' AS lake (DATA_PATH '" + dir.resolve("files") + "')").close();
			for (String t : List.of("gone", "cut", "footer", "inside", "fine")) {
				s.execute("CREATE TABLE lake." + t + "(i BIGINT, s VARCHAR)").close();
				s.execute("INSERT INTO lake." + t + " SELECT range, repeat('x', 50) || range FROM range(20000)").close();
			}
			Files.delete(file(s, "gone"));
			Path cut = file(s, "cut");
			byte[] bytes = Files.readAllBytes(cut);
			Files.write(cut, java.util.Arrays.copyOf(bytes, bytes.length / 2));
			Path footer = file(s, "footer");
			overwrite(footer, Files.size(footer) - 8);
			Path inside = file(s, "inside");
			overwrite(inside, 4);
			byte[] catalogBefore = Files.readAllBytes(meta);

			// a new session: nothing read before the damage
			try (EngineSession fresh = engine.openSession("t2")) {
				fresh.execute("ATTACH 'ducklake:sqlite:" + meta + "' AS lake (DATA_PATH '" + dir.resolve("files") + "')")
						.close();
				for (String t : List.of("gone", "cut", "footer", "inside")) {
					EngineException e = assertThrows(EngineException.class, () -> rows(fresh, "SELECT sum(i) FROM lake."
							+ t), t);
					String m = e.getMessage();
					assertTrue(m.contains("lake.main." + t) || m.contains("lake." + t), t + ": the table is named: " + m);
					assertTrue(m.contains(file(fresh, t).toString()), t + ": the file is named: " + m);
					assertTrue(!m.contains("\n"), t + ": one line: " + m);
					// and the other tables still read, in the same session, as a plain sum says
					assertEquals(List.of(Long.toString(20000L * 19999 / 2)), rows(fresh, "SELECT sum(i) FROM lake.fine"));
				}
				EngineException e = assertThrows(EngineException.class, () -> rows(fresh,
						"SELECT count(*) FROM lake.fine JOIN lake.gone USING (i)"));
				assertTrue(e.getMessage().contains("gone"), e.getMessage());
				assertEquals(List.of("20000"), rows(fresh, "SELECT count(*) FROM lake.fine"));
			}
			assertArrayEquals(catalogBefore, Files.readAllBytes(meta), "reads wrote nothing to the catalog");
		}
	}

	/** The table's one data file, as the catalog names it. */
	private static Path file(EngineSession s, String table) throws Exception {
		return Path.of(rows(s, "SELECT data_file FROM ducklake_list_files('lake', '" + table + "')").get(0));
	}

	private static void overwrite(Path f, long at) throws Exception {
		try (var ch = java.nio.channels.FileChannel.open(f, StandardOpenOption.WRITE)) {
			ch.write(java.nio.ByteBuffer.wrap(new byte[] { 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f, 0x7f }), at);
		}
	}

	private static List<String> rows(EngineSession s, String sql) throws EngineException {
		List<String> out = new ArrayList<>();
		try (Result r = s.execute(sql)) {
			while (r.next()) {
				out.add(String.valueOf(r.text(0)));
			}
		}
		return out;
	}
}
