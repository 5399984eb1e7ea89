package io.lakestudio.emulator;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes a big tenant for benchmarks: {@code workspaces} workspaces, {@code lakehouses} lakehouses spread over
 * them, {@code tablesPerLakehouse} Delta tables each. Each table's log is one commit with protocol, metaData and a
 * single add of a file that does not exist: enough for listings and metadata, nothing to read rows from.
 */
public final class BigTenant {

	private BigTenant() {
	}

	/** The benchmark tenant: 5,000 tables over 50 lakehouses in 5 workspaces. */
	public static void write(Path root) throws IOException {
		write(root, 5, 50, 100);
	}

	public static void write(Path root, int workspaces, int lakehouses, int tablesPerLakehouse) throws IOException {
		for (int l = 0; l < lakehouses; l++) {
			Path ws = root.resolve(String.format("ws%02d", l % workspaces));
			Path lh = ws.resolve(String.format("lh%03d.Lakehouse", l));
			for (int t = 0; t < tablesPerLakehouse; t++) {
				deltaTable(lh.resolve("Tables").resolve(String.format("t%04d", t)), 1000L + t);
			}
			Files.createDirectories(lh.resolve("Files"));
		}
	}

	/** A metadata-only Delta table: one commit, columns id (long) and name (string). */
	public static void deltaTable(Path dir, long rows) throws IOException {
		Path log = dir.resolve("_delta_log");
		Files.createDirectories(log);
		String schema = "{\\\"type\\\":\\\"struct\\\",\\\"fields\\\":["
				+ "{\\\"name\\\":\\\"id\\\",\\\"type\\\":\\\"long\\\",\\\"nullable\\\":true,\\\"metadata\\\":{}},"
				+ "{\\\"name\\\":\\\"name\\\",\\\"type\\\":\\\"string\\\",\\\"nullable\\\":true,\\\"metadata\\\":{}}]}";
		String commit = "{\"commitInfo\":{\"timestamp\":1767225600000,\"operation\":\"WRITE\"}}\n"
				+ "{\"protocol\":{\"minReaderVersion\":1,\"minWriterVersion\":2}}\n"
				+ "{\"metaData\":{\"id\":\"" + FolderTenant.id("table", dir.toString()) + "\",\"format\":{\"provider\":"
				+ "\"parquet\",\"options\":{}},\"schemaString\":\"" + schema + "\",\"partitionColumns\":[],"
				+ "\"configuration\":{},\"createdTime\":1767225600000}}\n"
				+ "{\"add\":{\"path\":\"part-00000.snappy.parquet\",\"partitionValues\":{},\"size\":" + (rows * 12)
				+ ",\"modificationTime\":1767225600000,\"dataChange\":true,\"stats\":\"{\\\"numRecords\\\":" + rows
				+ "}\"}}\n";
		Files.writeString(log.resolve("00000000000000000000.json"), commit, StandardCharsets.UTF_8);
	}
}
