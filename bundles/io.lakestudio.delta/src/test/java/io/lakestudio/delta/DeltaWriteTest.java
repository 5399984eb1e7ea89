package io.lakestudio.delta;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Create + append on a fresh table. Kernel never opens data files when committing or listing, so placeholder
 * bytes stand in for Parquet here; the samples bundle commits real DuckDB-written files. Expected values are read
 * back from the log with Jackson.
 */
class DeltaWriteTest {

	private static final List<DeltaColumn> COLUMNS = List.of(new DeltaColumn("id", "long", false),
			new DeltaColumn("region", "string", true), new DeltaColumn("amount", "decimal(10,2)", true),
			new DeltaColumn("day", "date", true), new DeltaColumn("ts", "timestamp", true));

	@Test
	void createAndAppendWriteAProtocolConformingLog(@TempDir Path dir) throws Exception {
		Path t = dir.resolve("orders");
		assertEquals(0, DeltaTables.create(t, COLUMNS, List.of("region"), Map.of("delta.appendOnly", "true")));
		assertEquals(1, DeltaTables.append(t, List.of(file(t, "a b%3Ac", 0, 3), file(t, "EU", 1, 5))));
		assertEquals(2, DeltaTables.append(t, List.of(file(t, "EU", 2, 7))));

		LogReplay log = new LogReplay(t);
		assertEquals(2, log.version);
		assertEquals(3, log.numFiles());
		assertEquals(15L, log.liveRecords());

		DeltaSnapshot s = DeltaTables.snapshot(t);
		assertEquals(COLUMNS, s.columns());
		assertEquals(List.of("region"), s.partitionColumns());
		assertEquals(log.liveRecords(), s.numRecords());
		assertEquals(log.size(), s.sizeBytes());
		assertEquals(log.commitTimestamp, s.timestamp().toEpochMilli());
		assertEquals(1, DeltaTables.snapshot(t, 1).version());
		assertEquals(2, DeltaTables.snapshot(t, 1).numFiles());

		ObjectMapper json = new ObjectMapper();
		JsonNode odd = log.adds.values().stream().filter(a -> a.get("partitionValues").get("region").asText().equals("a b%3Ac"))
				.findFirst().orElseThrow();
		String raw = odd.get("path").asText();
		assertTrue(!raw.startsWith("/") && !raw.startsWith("file:"), "relative add.path: " + raw);
		assertEquals("region=a%20b%253Ac/part-0.parquet", raw, "add.path is URI-encoded");
		JsonNode stats = json.readTree(odd.get("stats").asText());
		assertEquals(3, stats.get("numRecords").asInt());
		assertEquals(0, stats.get("minValues").get("id").asInt());
		assertEquals(2, stats.get("maxValues").get("id").asInt());
		assertEquals(0, new BigDecimal("1.50").compareTo(stats.get("minValues").get("amount").decimalValue()));
		assertEquals("2024-01-01", stats.get("minValues").get("day").asText());
		assertEquals(0, stats.get("nullCount").get("id").asInt());

		List<ScanFile> files = DeltaTables.scanFiles(t, OptionalLong.empty());
		ScanFile f = files.stream().filter(x -> "a b%3Ac".equals(x.partitionValues().get("region"))).findFirst()
				.orElseThrow();
		assertEquals("region=a b%3Ac/part-0.parquet", f.path());
		assertEquals(Files.size(t.resolve(f.path())), f.size());
		assertEquals(3L, f.numRecords());

		try (Stream<Path> all = Files.walk(t)) {
			assertEquals(List.of(), all.filter(p -> p.getFileName().toString().endsWith(".crc")).toList(), "no .crc files");
		}
	}

	@Test
	void refusesWhatItCannotDo(@TempDir Path dir) throws Exception {
		Path t = dir.resolve("t");
		DeltaException cm = assertThrows(DeltaException.class,
				() -> DeltaTables.create(t, COLUMNS, List.of(), Map.of("delta.columnMapping.mode", "name")));
		assertTrue(cm.getMessage().contains("column-mapping"), cm.getMessage());
		DeltaTables.create(t, COLUMNS, List.of(), Map.of());
		DeltaException again = assertThrows(DeltaException.class, () -> DeltaTables.create(t, COLUMNS, List.of(), Map.of()));
		assertTrue(again.getMessage().contains("already"), again.getMessage());
		DeltaException badStats = assertThrows(DeltaException.class, () -> DeltaTables.append(t,
				List.of(new DataFile(write(t, "x.parquet"), 4, Map.of(), 1, Map.of("nope", 1L), Map.of(), Map.of()))));
		assertTrue(badStats.getMessage().contains("nope"), badStats.getMessage());
		DeltaException colon = assertThrows(DeltaException.class, () -> DeltaTables.append(t,
				List.of(new DataFile(write(t, "a:b.parquet"), 4, Map.of(), 1, Map.of(), Map.of(), Map.of()))));
		assertTrue(colon.getMessage().contains("%3A"), colon.getMessage());
		assertEquals(0, DeltaTables.snapshot(t).version(), "nothing committed");
	}

	private static DataFile file(Path table, String region, int n, int rows) throws Exception {
		String rel = write(table, "region=" + region + "/part-" + n + ".parquet");
		Map<String, Object> min = new LinkedHashMap<>();
		min.put("id", (long) n * 10);
		min.put("amount", new BigDecimal("1.50"));
		min.put("day", LocalDate.of(2024, 1, 1));
		min.put("ts", Instant.parse("2024-01-01T00:00:00Z"));
		Map<String, Object> max = new LinkedHashMap<>(min);
		max.put("id", (long) n * 10 + 2);
		return new DataFile(rel, Files.size(table.resolve(rel)), Map.of("region", region), rows, min, max,
				Map.of("id", 0L, "amount", 0L));
	}

	private static String write(Path table, String rel) throws Exception {
		Path p = table.resolve(rel);
		Files.createDirectories(p.getParent());
		Files.write(p, new byte[] { 'P', 'A', 'R', '1' });
		return rel;
	}
}
