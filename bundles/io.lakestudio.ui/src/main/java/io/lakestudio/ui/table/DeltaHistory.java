package io.lakestudio.ui.table;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.LakeStore;

/**
 * A Delta table's versions, read from its {@code _delta_log/} commit files through the lake's byte layer (so a
 * OneLake table reads the same way and a counting store sees every request). Stands in until the mirror bundle
 * keeps the log locally: then the History tab reads the mirror instead. Only commits still in the log are shown
 * (versions folded into a checkpoint and cleaned up are gone from the lake too).
 */
public final class DeltaHistory {

	/** One commit: its version, time, operation ("WRITE", "CREATE TABLE"...) and the bytes of its log entry. */
	public record Commit(long version, Instant time, String operation, long logBytes) {
	}

	private static final JsonFactory JSON = new JsonFactory();

	private DeltaHistory() {
	}

	/** The newest {@code limit} commits, newest first. */
	public static List<Commit> read(LakeStore store, String tableLocation, int limit) throws LakeException {
		String log = tableLocation + "/_delta_log";
		List<LakeStore.Entry> commits = store.list(log, false).stream()
				.filter(e -> !e.directory() && name(e).matches("\\d{20}\\.json"))
				.sorted(Comparator.comparing(DeltaHistory::name).reversed()).limit(limit).toList();
		List<Commit> out = new ArrayList<>();
		for (LakeStore.Entry e : commits) {
			long version = Long.parseLong(name(e).substring(0, 20));
			byte[] bytes = store.read(e.path(), 0, (int) e.size());
			out.add(parse(version, bytes, e));
		}
		return out;
	}

	private static String name(LakeStore.Entry e) {
		return e.path().substring(e.path().lastIndexOf('/') + 1);
	}

	/** The commitInfo action of a commit file; a commit without one keeps the file's time and "(unknown)". */
	static Commit parse(long version, byte[] bytes, LakeStore.Entry entry) throws LakeException {
		Instant time = entry.lastModified();
		String operation = "(unknown)";
		try (JsonParser p = JSON.createParser(bytes)) {
			while (p.nextToken() == JsonToken.START_OBJECT) {
				while (p.nextToken() == JsonToken.FIELD_NAME) {
					String action = p.currentName();
					p.nextToken();
					if (!"commitInfo".equals(action)) {
						p.skipChildren();
						continue;
					}
					Long ict = null;
					Long ts = null;
					while (p.nextToken() == JsonToken.FIELD_NAME) {
						String field = p.currentName();
						JsonToken v = p.nextToken();
						switch (field) {
						case "operation" -> operation = p.getText();
						case "timestamp" -> ts = v == JsonToken.VALUE_NUMBER_INT ? p.getLongValue() : null;
						case "inCommitTimestamp" -> ict = v == JsonToken.VALUE_NUMBER_INT ? p.getLongValue() : null;
						default -> p.skipChildren();
						}
					}
					Long ms = ict != null ? ict : ts;
					if (ms != null) {
						time = Instant.ofEpochMilli(ms);
					}
				}
			}
		} catch (IOException e) {
			throw new LakeException(LakeException.Kind.MALFORMED,
					"cannot read commit " + version + " (" + entry.path() + "): " + e.getMessage(), e);
		}
		return new Commit(version, time, operation, bytes.length);
	}
}
