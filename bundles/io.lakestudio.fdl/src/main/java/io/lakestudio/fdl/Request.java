package io.lakestudio.fdl;

import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import io.lakestudio.fdl.internal.Fields;
import io.lakestudio.fdl.internal.Json;

/** A request ({@code refs/requests/<n>}): a version proposed for a branch, open, merged or closed. */
public record Request(String by, String forBranch, String message, Instant opened, State state, String version,
		Map<String, Object> extras) {

	public enum State {
		OPEN, MERGED, CLOSED;

		String json() {
			return name().toLowerCase(java.util.Locale.ROOT);
		}
	}

	public Request {
		Layout.checkName(forBranch);
		if (!Fields.isHash(version))
			throw new IllegalArgumentException("not a version ID: " + version);
		extras = extras == null ? Map.of() : Map.copyOf(extras);
	}

	public Request withState(State s) {
		return new Request(by, forBranch, message, opened, s, version, extras);
	}

	public byte[] bytes() {
		TreeMap<String, Object> o = Json.object();
		o.putAll(extras);
		o.put("by", by);
		o.put("for", forBranch);
		o.put("message", message);
		o.put("opened", Fields.time(opened));
		o.put("state", state.json());
		o.put("version", version);
		return Json.encode(o);
	}

	public static Request parse(byte[] bytes, String where) throws FdlException {
		Fields f = new Fields(Json.parseCanonical(bytes, where), where,
				Set.of("by", "for", "message", "opened", "state", "version"));
		String forBranch = f.string("for");
		if (!Layout.isName(forBranch))
			throw FdlException.malformed(where, "\"for\" is not a branch name");
		State state = switch (f.string("state")) {
		case "open" -> State.OPEN;
		case "merged" -> State.MERGED;
		case "closed" -> State.CLOSED;
		default -> throw FdlException.malformed(where, "state is not open, merged or closed");
		};
		return new Request(f.text("by"), forBranch, f.string("message"), f.instant("opened"), state, f.hash("version"),
				f.extras());
	}
}
