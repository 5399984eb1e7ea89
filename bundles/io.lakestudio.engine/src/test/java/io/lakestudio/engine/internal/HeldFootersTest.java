package io.lakestudio.engine.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The parsed footers the disk cache keeps are bounded by their heap bytes, not their count: a wide table's
 * footers, each hundreds of KB parsed, would otherwise fill a capped heap long before any count bound.
 */
class HeldFootersTest {

	@Test
	void wideFootersAreBoundedByBytes(@TempDir Path tmp) throws Exception {
		Path wide = tmp.resolve("wide.parquet");
		List<String> cols = new ArrayList<>();
		for (int c = 0; c < 200; c++) {
			cols.add("(i * " + c + ")::BIGINT AS c" + c);
		}
		try (Connection d = new org.duckdb.DuckDBDriver().connect("jdbc:duckdb:", new Properties());
				Statement s = d.createStatement()) {
			s.execute("COPY (SELECT " + String.join(", ", cols) + " FROM range(8192) r(i)) TO '" + wide
					+ "' (FORMAT parquet, ROW_GROUP_SIZE 2048)");
		}
		long size = Files.size(wide);
		byte[] t = SparseFile.read(wide, size - ParquetFooter.TRAILER, ParquetFooter.TRAILER);
		int encoded = ParquetFooter.footerLength(t);
		ParquetFooter.Footer one = ParquetFooter.read(SparseFile.read(wide, size - encoded - ParquetFooter.TRAILER,
				encoded));
		assertEquals(800, one.chunks().size(), "200 columns in 4 row groups");
		// the estimate is no smaller than the Thrift bytes it was decoded from (each chunk's name, offsets and
		// statistics become objects of their own)
		assertTrue(one.heapBytes() > encoded, one.heapBytes() + " estimated, " + encoded + " encoded");

		long budget = 20 * one.heapBytes();
		HeldFooters held = new HeldFooters(budget);
		int files = 100;
		List<CacheIndex.Entry> entries = new ArrayList<>();
		for (int i = 0; i < files; i++) {
			Path copy = Files.copy(wide, tmp.resolve("f" + i + ".parquet"));
			CacheIndex.Entry e = new CacheIndex.Entry(copy.getFileName().toString(), size);
			e.held.add(0, size);
			entries.add(e);
			assertEquals(800, held.of(copy, e).chunks().size());
			assertTrue(held.bytes() <= budget, "after " + (i + 1) + " footers " + held.bytes() + " > " + budget);
		}
		assertNull(held.parsed(entries.get(0).name), "the least recently used footer was forgotten");
		assertNotNull(held.parsed(entries.get(files - 1).name), "the last one is kept");
		long kept = entries.stream().filter(e -> held.parsed(e.name) != null).count();
		assertEquals(20, kept, "as many as the bytes allow");
		// one forgotten is parsed again from the held bytes
		assertEquals(800, held.of(tmp.resolve("f0.parquet"), entries.get(0)).chunks().size());
	}
}
