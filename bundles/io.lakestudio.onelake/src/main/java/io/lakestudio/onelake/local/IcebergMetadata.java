package io.lakestudio.onelake.local;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.lakestudio.catalog.LakeColumn;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.TableMetadata;
import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.LakeException.Kind;

/**
 * Iceberg table metadata from the newest {@code metadata/*.metadata.json}, read with Jackson: the current schema,
 * identity partition columns and the current snapshot's summary. Version = the metadata file's number.
 */
final class IcebergMetadata {

	private static final ObjectMapper JSON = new ObjectMapper();
	/** "00003-<uuid>.metadata.json" (Iceberg's catalogs) or "v3.metadata.json" (Hadoop tables) */
	private static final Pattern NAME = Pattern.compile("v?(\\d+)[-.].*metadata\\.json");

	private IcebergMetadata() {
	}

	static boolean hasMetadataJson(Path metadataDir) {
		return newest(metadataDir).isPresent();
	}

	static TableMetadata read(Path table) throws LakeException {
		Path file = newest(table.resolve("metadata"))
				.orElseThrow(() -> new LakeException(Kind.FAILED, "no metadata.json in " + table + "/metadata"));
		JsonNode m;
		try {
			m = JSON.readTree(file.toFile());
		} catch (IOException e) {
			throw new LakeException(Kind.FAILED, "broken Iceberg metadata " + file + ": " + e.getMessage(), e);
		}
		JsonNode schema = currentSchema(m);
		if (schema == null) {
			throw new LakeException(Kind.FAILED, "broken Iceberg metadata " + file + ": no current schema");
		}
		Map<Integer, String> names = new HashMap<>();
		for (JsonNode f : schema.path("fields")) {
			names.put(f.path("id").asInt(), f.path("name").asText());
		}
		List<String> partitions = new ArrayList<>();
		for (JsonNode f : currentSpecFields(m)) {
			if ("identity".equals(f.path("transform").asText()) && names.containsKey(f.path("source-id").asInt())) {
				partitions.add(names.get(f.path("source-id").asInt()));
			}
		}
		List<LakeColumn> cols = new ArrayList<>();
		for (JsonNode f : schema.path("fields")) {
			String name = f.path("name").asText();
			cols.add(new LakeColumn(cols.size(), name, type(f.path("type")), !f.path("required").asBoolean(),
					partitions.contains(name)));
		}
		JsonNode snap = currentSnapshot(m);
		JsonNode summary = snap == null ? JSON.createObjectNode() : snap.path("summary");
		long time = snap != null ? snap.path("timestamp-ms").asLong() : m.path("last-updated-ms").asLong();
		Long records = snap == null ? Long.valueOf(0) : number(summary, "total-records");
		return new TableMetadata(LakeTable.ICEBERG, version(file), Instant.ofEpochMilli(time), List.copyOf(cols),
				List.copyOf(partitions), orZero(number(summary, "total-files-size")),
				orZero(number(summary, "total-data-files")), records);
	}

	private static JsonNode currentSchema(JsonNode m) {
		if (m.has("schemas")) {
			int id = m.path("current-schema-id").asInt();
			for (JsonNode s : m.get("schemas")) {
				if (s.path("schema-id").asInt() == id) {
					return s;
				}
			}
		}
		return m.get("schema"); // format v1
	}

	private static JsonNode currentSpecFields(JsonNode m) {
		if (m.has("partition-specs")) {
			int id = m.path("default-spec-id").asInt();
			for (JsonNode s : m.get("partition-specs")) {
				if (s.path("spec-id").asInt() == id) {
					return s.path("fields");
				}
			}
		}
		return m.path("partition-spec"); // format v1
	}

	private static JsonNode currentSnapshot(JsonNode m) {
		JsonNode id = m.get("current-snapshot-id");
		if (id == null || id.isNull() || id.asLong() == -1) {
			return null;
		}
		for (JsonNode s : m.path("snapshots")) {
			if (s.path("snapshot-id").asLong() == id.asLong()) {
				return s;
			}
		}
		return null;
	}

	/** Iceberg types as text in the same style as Delta's: struct<a:int>, array<string>, map<string,long>. */
	static String type(JsonNode t) {
		if (t.isTextual()) {
			return t.asText();
		}
		return switch (t.path("type").asText()) {
		case "struct" -> {
			List<String> fs = new ArrayList<>();
			t.path("fields").forEach(f -> fs.add(f.path("name").asText() + ":" + type(f.path("type"))));
			yield "struct<" + String.join(",", fs) + ">";
		}
		case "list" -> "array<" + type(t.path("element")) + ">";
		case "map" -> "map<" + type(t.path("key")) + "," + type(t.path("value")) + ">";
		default -> t.toString();
		};
	}

	private static Long number(JsonNode summary, String key) {
		JsonNode n = summary.get(key);
		if (n == null) {
			return null;
		}
		try {
			return Long.parseLong(n.asText());
		} catch (NumberFormatException e) {
			return null;
		}
	}

	private static long orZero(Long n) {
		return n == null ? 0 : n;
	}

	private static long version(Path file) {
		Matcher mm = NAME.matcher(file.getFileName().toString());
		return mm.matches() ? Long.parseLong(mm.group(1)) : 0;
	}

	private static Optional<Path> newest(Path metadataDir) {
		if (!Files.isDirectory(metadataDir)) {
			return Optional.empty();
		}
		try (Stream<Path> s = Files.list(metadataDir)) {
			return s.filter(p -> NAME.matcher(p.getFileName().toString()).matches())
					.max(Comparator.comparingLong(IcebergMetadata::version).thenComparing(Path::toString));
		} catch (IOException e) {
			return Optional.empty();
		}
	}
}
