package io.lakestudio.engine.internal.ducklake;

import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;

/**
 * {@code ducklake_last_committed_snapshot}: the last snapshot committed to a catalog through its attachment, as
 * the extension keeps it on the attached database, which all of a process's connections share: none until one of
 * them commits. The attachment that made it attached is the database's: its DETACH forgets it and the next ATTACH
 * starts again from none; others that attached it meanwhile only join it and leave it.
 */
final class LastCommits {

	/** One attached database: what its connections last committed. */
	static final class Held {
		private final Object owner;
		private Long last;

		private Held(Object owner) {
			this.owner = owner;
		}
	}

	private static final Map<String, Held> HELD = new HashMap<>();

	private LastCommits() {
	}

	/** The catalog's attached database in this process, made when none is. */
	static synchronized Held attached(String catalog, Object attachment) {
		return HELD.computeIfAbsent(catalog, k -> new Held(attachment));
	}

	static synchronized void detached(String catalog, Held h, Object attachment) {
		if (h.owner == attachment) {
			HELD.remove(catalog, h);
		}
	}

	static synchronized void committed(Held h, long snapshot) {
		if (h.last == null || h.last < snapshot) {
			h.last = snapshot;
		}
	}

	static synchronized OptionalLong last(Held h) {
		return h.last == null ? OptionalLong.empty() : OptionalLong.of(h.last);
	}
}
