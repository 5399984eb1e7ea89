package io.lakestudio.engine.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A view reads its files without {@code schema=} only when every file holds the declared columns with exactly
 * the declared types, as its footer says for certain; anything else keeps {@code schema=} (which casts, and
 * gives NULL for a column a file lacks).
 */
class FileSchemasTest {

	private static final String COLUMNS = "1::BIGINT AS id, 2::INTEGER AS qty, 1.5::DOUBLE AS amount, 'x' AS name,"
			+ " true AS ok, 2.5::FLOAT AS f, '\\x01'::BLOB AS b, DATE '2024-01-02' AS d,"
			+ " TIMESTAMPTZ '2024-01-01 00:00:00+00' AS ts, TIMESTAMP '2024-01-01 00:00:00' AS ntz";

	private static Map<String, String> declared() {
		Map<String, String> m = new LinkedHashMap<>();
		m.put("id", "BIGINT");
		m.put("qty", "INTEGER");
		m.put("amount", "DOUBLE");
		m.put("name", "VARCHAR");
		m.put("ok", "BOOLEAN");
		m.put("f", "FLOAT");
		m.put("b", "BLOB");
		m.put("d", "DATE");
		m.put("ts", "TIMESTAMPTZ");
		m.put("ntz", "TIMESTAMP");
		return m;
	}

	@Test
	void filesAsDeclaredNeedNoSchemaAndAnyDoubtKeepsIt(@TempDir Path tmp) throws Exception {
		try (Connection d = new org.duckdb.DuckDBDriver().connect("jdbc:duckdb:", new Properties());
				Statement s = d.createStatement()) {
			ParquetFooter.Footer plain = write(s, tmp, "plain", "SELECT " + COLUMNS);
			ParquetFooter.Footer plain2 = write(s, tmp, "plain2", "SELECT " + COLUMNS);
			Map<String, String> decl = declared();
			assertEquals(decl.size(), plain.types().size(), "every type DuckDB writes here is known: " + plain.types());
			assertTrue(FileSchemas.asDeclared(List.of(plain, plain2), decl, decl.size()));

			// a physical name differing in case only still binds (DuckDB names are case-insensitive)
			Map<String, String> upper = new LinkedHashMap<>(decl);
			upper.put("ID", upper.remove("id"));
			assertTrue(FileSchemas.asDeclared(List.of(plain), upper, upper.size()));

			// declared double, held as a decimal (a writer that didn't follow the schema)
			ParquetFooter.Footer decimal = write(s, tmp, "decimal",
					"SELECT " + COLUMNS.replace("1.5::DOUBLE AS amount", "1.5::DECIMAL(18,2) AS amount"));
			assertFalse(FileSchemas.asDeclared(List.of(plain, decimal), decl, decl.size()));
			assertFalse(FileSchemas.asDeclared(List.of(decimal), decl, decl.size()));

			// a column added to the table after an older file was written
			Map<String, String> added = new LinkedHashMap<>(decl);
			added.put("later", "BIGINT");
			assertFalse(FileSchemas.asDeclared(List.of(plain), added, added.size()));

			// widened: declared BIGINT, held as INTEGER
			Map<String, String> widened = new LinkedHashMap<>(decl);
			widened.put("qty", "BIGINT");
			assertFalse(FileSchemas.asDeclared(List.of(plain), widened, widened.size()));

			// files whose columns come in another order
			ParquetFooter.Footer reordered = write(s, tmp, "reordered",
					"SELECT name, id, qty, amount, ok, f, b, d, ts, ntz FROM (SELECT " + COLUMNS + ")");
			assertTrue(FileSchemas.asDeclared(List.of(reordered), decl, decl.size()));
			assertFalse(FileSchemas.asDeclared(List.of(plain, reordered), decl, decl.size()));

			// a nested column (not among the declared primitives), or a held column of a type not known for sure
			assertFalse(FileSchemas.asDeclared(List.of(plain), decl, decl.size() + 1));
			ParquetFooter.Footer unsure = write(s, tmp, "unsure", "SELECT " + COLUMNS + ", 7::UINTEGER AS u");
			assertFalse(FileSchemas.asDeclared(List.of(unsure), decl, decl.size()));
			assertFalse(FileSchemas.asDeclared(List.of(), decl, decl.size()));
		}
	}

	@Test
	void aTableWhoseFilesDifferFromItsSchemaReadsAsDeclared(@TempDir Path tmp) throws Exception {
		Path root = tmp.resolve("lake");
		Path table = java.nio.file.Files.createDirectories(root.resolve("Types/Mixed.Lakehouse/Tables/t"));
		io.lakestudio.delta.DeltaTables.create(table, List.of(new io.lakestudio.delta.DeltaColumn("id", "long", false),
				new io.lakestudio.delta.DeltaColumn("amount", "double", true)), List.of(), Map.of());
		try (Connection d = new org.duckdb.DuckDBDriver().connect("jdbc:duckdb:", new Properties());
				Statement s = d.createStatement()) {
			// one file as declared, one holding amount as a decimal, one from before amount was added
			s.execute("COPY (SELECT i::BIGINT AS id, (i * 0.25)::DOUBLE AS amount FROM range(4) r(i)) TO '"
					+ table.resolve("a.parquet") + "' (FORMAT parquet)");
			s.execute("COPY (SELECT i::BIGINT AS id, (i * 0.25)::DECIMAL(18,2) AS amount FROM range(4, 8) r(i)) TO '"
					+ table.resolve("b.parquet") + "' (FORMAT parquet)");
			s.execute("COPY (SELECT i::BIGINT AS id FROM range(8, 10) r(i)) TO '" + table.resolve("c.parquet")
					+ "' (FORMAT parquet)");
		}
		List<io.lakestudio.delta.DataFile> files = new java.util.ArrayList<>();
		for (String f : List.of("a.parquet", "b.parquet", "c.parquet")) {
			files.add(new io.lakestudio.delta.DataFile(f, java.nio.file.Files.size(table.resolve(f)), Map.of(),
					f.startsWith("c") ? 2 : 4, Map.of(), Map.of(), Map.of()));
		}
		io.lakestudio.delta.DeltaTables.append(table, files.subList(0, 1));
		String sql = "SELECT min(typeof(amount)), count(*), count(amount), sum(amount) FROM \"Types/Mixed\".t";
		try (io.lakestudio.engine.TestLake lake = io.lakestudio.engine.TestLake.of(tmp, root);
				io.lakestudio.engine.Engine e = lake.engine()) {
			assertEquals(List.of(List.of("DOUBLE", "4", "4", "1.5")), io.lakestudio.engine.TestLake.rows(e, sql),
					"files as declared");
		}
		io.lakestudio.delta.DeltaTables.append(table, files.subList(1, 3));
		try (io.lakestudio.engine.TestLake lake = io.lakestudio.engine.TestLake.of(tmp.resolve("2"), root);
				io.lakestudio.engine.Engine e = lake.engine()) {
			assertEquals(List.of(List.of("DOUBLE", "10", "8", "7.0")), io.lakestudio.engine.TestLake.rows(e, sql),
					"a decimal file read as the declared double, a file without the column read as NULLs");
		}
	}

	private static ParquetFooter.Footer write(Statement s, Path dir, String name, String select) throws Exception {
		Path f = dir.resolve(name + ".parquet");
		s.execute("COPY (" + select + ") TO '" + f + "' (FORMAT parquet)");
		try (RandomAccessFile r = new RandomAccessFile(f.toFile(), "r")) {
			byte[] trailer = new byte[ParquetFooter.TRAILER];
			r.seek(r.length() - trailer.length);
			r.readFully(trailer);
			int len = ParquetFooter.footerLength(trailer);
			byte[] footer = new byte[len];
			r.seek(r.length() - trailer.length - len);
			r.readFully(footer);
			return ParquetFooter.read(footer);
		}
	}
}
