package io.lakestudio.delta;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Test oracle independent of Kernel: replays the JSON commits 0..version with Jackson (tables must keep all
 * their JSONs). Files are keyed by path + deletion vector, as the protocol says.
 */
final class LogReplay {

	private static final ObjectMapper JSON = new ObjectMapper();

	final long version;
	final Map<String, JsonNode> adds = new LinkedHashMap<>();
	List<String> partitionColumns = List.of();
	/** physical name -> logical name (column mapping), top level */
	final Map<String, String> logicalNames = new HashMap<>();
	long commitTimestamp;

	LogReplay(Path table, long upTo) {
		Path log = table.resolve("_delta_log");
		long v = 0;
		for (; v <= upTo; v++) {
			Path json = log.resolve(String.format("%020d.json", v));
			if (!Files.exists(json)) {
				break;
			}
			try {
				for (String line : Files.readAllLines(json)) {
					if (!line.isBlank()) {
						apply(JSON.readTree(line));
					}
				}
			} catch (IOException e) {
				throw new UncheckedIOException(e);
			}
		}
		this.version = v - 1;
	}

	LogReplay(Path table) {
		this(table, Long.MAX_VALUE);
	}

	private void apply(JsonNode a) throws IOException {
		if (a.has("add")) {
			adds.put(key(a.get("add")), a.get("add"));
		} else if (a.has("remove")) {
			adds.remove(key(a.get("remove")));
		} else if (a.has("metaData")) {
			JsonNode md = a.get("metaData");
			List<String> pc = new ArrayList<>();
			md.get("partitionColumns").forEach(n -> pc.add(n.asText()));
			partitionColumns = pc;
			logicalNames.clear();
			for (JsonNode f : JSON.readTree(md.get("schemaString").asText()).get("fields")) {
				JsonNode p = f.path("metadata").get("delta.columnMapping.physicalName");
				logicalNames.put(p == null ? f.get("name").asText() : p.asText(), f.get("name").asText());
			}
		} else if (a.has("commitInfo")) {
			commitTimestamp = a.get("commitInfo").path("timestamp").asLong();
		}
	}

	private static String key(JsonNode action) {
		JsonNode dv = action.get("deletionVector");
		return action.get("path").asText() + "#"
				+ (dv == null || dv.isNull() ? "" : dv.get("storageType").asText() + dv.get("pathOrInlineDv").asText()
						+ dv.path("offset").asText());
	}

	int numFiles() {
		return adds.size();
	}

	long size() {
		return adds.values().stream().mapToLong(a -> a.get("size").asLong()).sum();
	}

	/** Sum of numRecords minus DV cardinalities; null if a file lacks numRecords. */
	Long liveRecords() {
		long n = 0;
		for (JsonNode a : adds.values()) {
			JsonNode stats = a.get("stats");
			if (stats == null || stats.isNull()) {
				return null;
			}
			try {
				JsonNode nr = JSON.readTree(stats.asText()).get("numRecords");
				if (nr == null) {
					return null;
				}
				n += nr.asLong();
			} catch (IOException e) {
				throw new UncheckedIOException(e);
			}
			n -= deleted(a);
		}
		return n;
	}

	static long deleted(JsonNode add) {
		JsonNode dv = add.get("deletionVector");
		return dv == null || dv.isNull() ? 0 : dv.get("cardinality").asLong();
	}

	/** add.path decoded once, as the file is named on disk. */
	List<String> decodedPaths() {
		return adds.values().stream().map(a -> URI.create(a.get("path").asText()).getPath()).sorted().toList();
	}
}
