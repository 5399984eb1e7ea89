package io.lakestudio.onelake.fabric;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import io.lakestudio.catalog.LakeColumn;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.TableMetadata;
import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.LakeException.Kind;
import io.lakestudio.onelake.LakeStore;

/**
 * A table's metadata from its Delta log's JSON commits, replayed over the store: columns and partitioning from the
 * last metaData, size, files and records from the live adds. A log with a Parquet checkpoint needs the mirror's
 * reader (Delta Kernel), which the lake takes as its {@link FabricLake.MetadataReader} instead of this one.
 */
public final class DeltaLogReader implements FabricLake.MetadataReader {

	@Override
	public TableMetadata read(LakeStore store, LakeTable table) throws LakeException {
		if (!LakeTable.DELTA.equals(table.format())) {
			throw new LakeException(Kind.FAILED, table.format() + " metadata is read by the mirror, not here");
		}
		List<LakeStore.Entry> log = store.list(table.location() + "/_delta_log", false);
		List<LakeStore.Entry> commits = new ArrayList<>();
		for (LakeStore.Entry e : log) {
			String name = e.path().substring(e.path().lastIndexOf('/') + 1);
			if (name.endsWith(".checkpoint.parquet") || name.contains(".checkpoint.")) {
				throw new LakeException(Kind.FAILED, "The log of " + table.name() + " has a checkpoint: the mirror reads it");
			}
			if (name.matches("\\d{20}\\.json")) {
				commits.add(e);
			}
		}
		if (commits.isEmpty()) {
			throw new LakeException(Kind.NOT_FOUND, "No Delta commits under " + table.location());
		}
		commits.sort((a, b) -> a.path().compareTo(b.path()));
		JsonNode meta = null;
		Map<String, long[]> files = new HashMap<>();
		long version = -1;
		Instant time = null;
		for (LakeStore.Entry c : commits) {
			byte[] bytes = store.read(c.path(), 0, (int) c.size());
			for (String line : new String(bytes, StandardCharsets.UTF_8).split("\n")) {
				if (line.isBlank()) {
					continue;
				}
				JsonNode a = parse(line);
				if (a.has("metaData")) {
					meta = a.get("metaData");
				} else if (a.has("add")) {
					JsonNode add = a.get("add");
					long records = parse(add.path("stats").asText("{}")).path("numRecords").asLong(-1);
					files.put(add.path("path").asText(), new long[] { add.path("size").asLong(), records });
				} else if (a.has("remove")) {
					files.remove(a.get("remove").path("path").asText());
				} else if (a.has("commitInfo")) {
					time = Instant.ofEpochMilli(a.get("commitInfo").path("timestamp").asLong());
				}
			}
			String name = c.path().substring(c.path().lastIndexOf('/') + 1);
			version = Long.parseLong(name.substring(0, 20));
			time = time == null ? c.lastModified() : time;
		}
		if (meta == null) {
			throw new LakeException(Kind.MALFORMED, "The log of " + table.name() + " has no metaData");
		}
		return metadata(meta, files, version, time);
	}

	private static TableMetadata metadata(JsonNode meta, Map<String, long[]> files, long version, Instant time)
			throws LakeException {
		List<String> partitions = new ArrayList<>();
		meta.path("partitionColumns").forEach(p -> partitions.add(p.asText()));
		List<LakeColumn> columns = new ArrayList<>();
		int i = 0;
		for (JsonNode f : parse(meta.path("schemaString").asText("{}")).path("fields")) {
			JsonNode type = f.get("type");
			String name = f.path("name").asText();
			columns.add(new LakeColumn(i++, name, type.isTextual() ? type.asText() : type.path("type").asText("struct"),
					f.path("nullable").asBoolean(true), partitions.contains(name)));
		}
		long size = 0;
		long records = 0;
		boolean allStats = true;
		for (long[] f : files.values()) {
			size += f[0];
			allStats &= f[1] >= 0;
			records += Math.max(0, f[1]);
		}
		return new TableMetadata(LakeTable.DELTA, version, time, columns, partitions, size, files.size(),
				allStats ? records : null);
	}

	private static JsonNode parse(String json) throws LakeException {
		try {
			return Http.JSON.readTree(json);
		} catch (IOException e) {
			throw new LakeException(Kind.MALFORMED, "A Delta log line is not JSON", e);
		}
	}
}
