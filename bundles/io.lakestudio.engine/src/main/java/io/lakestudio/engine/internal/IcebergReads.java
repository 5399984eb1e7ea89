package io.lakestudio.engine.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.lakestudio.catalog.LakeTable;
import io.lakestudio.engine.EngineConfig;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;
import io.lakestudio.iceberg.IcebergException;
import io.lakestudio.iceberg.IcebergScan;
import io.lakestudio.mirror.At;
import io.lakestudio.mirror.Held;
import io.lakestudio.mirror.IcebergMirror;
import io.lakestudio.mirror.Mirror;
import io.lakestudio.mirror.MirrorException;
import io.lakestudio.onelake.LakeException;

/**
 * Makes an Iceberg table readable by one statement: its metadata brought up to date in the mirror (offline: the
 * held snapshot, with its age), the snapshot planned by iceberg-core, its data and position-delete files held whole
 * in the disk cache, and a temp view over them. {@code AT (VERSION => n)} is snapshot n.
 */
final class IcebergReads {

	private final EngineConfig config;
	private final Mirror mirror;
	private final IcebergMirror iceberg;
	private final DiskCache cache;
	private final Map<String, String> views = new HashMap<>();
	private int next;

	IcebergReads(EngineConfig config, Mirror mirror, DiskCache cache) {
		this.config = config;
		this.mirror = mirror;
		this.iceberg = new IcebergMirror(mirror, config.store(), config.clock());
		this.cache = cache;
	}

	String view(Connection d, LakeTable t, At at, boolean fresh, List<String> notices) throws EngineException {
		IcebergScan scan = scan(t, at, fresh, notices);
		Map<String, Path> local = fetch(t, scan);
		String key = t.id() + "@" + scan.snapshotId() + "@" + local.values();
		String view = views.get(key);
		if (view != null) {
			return view;
		}
		view = "__ice_" + (++next);
		try (Statement s = d.createStatement()) {
			for (String sql : IcebergView.statements(view, scan, local)) {
				s.execute(sql);
			}
		} catch (SQLException e) {
			throw new EngineException(Kind.FAILED, "cannot make a view of " + t.location() + ": " + e.getMessage(), e);
		}
		views.put(key, view);
		return view;
	}

	void refresh(LakeTable t) throws EngineException {
		if (config.offline() || config.store() == null) {
			return;
		}
		try {
			iceberg.refresh(t);
		} catch (MirrorException e) {
			throw new EngineException(e.offline() ? Kind.NOT_HELD : Kind.FAILED, e.getMessage(), e);
		}
	}

	private IcebergScan scan(LakeTable t, At at, boolean fresh, List<String> notices) throws EngineException {
		Optional<Held> held = mirror.held(t);
		Instant now = config.clock().instant();
		boolean offline = config.offline() || config.store() == null;
		if (offline) {
			notHeld(t, held, notices, "offline");
		} else if (held.isEmpty() || fresh || held.get().refreshedAt().plus(config.metadataTtl()).isBefore(now)) {
			try {
				iceberg.refresh(t);
			} catch (MirrorException e) {
				if (!e.offline()) {
					throw failure(t, e.getMessage(), e);
				}
				notHeld(t, held, notices, "the lake can't be reached (" + e.getMessage() + ")");
				offline = true;
			}
		}
		try {
			return iceberg.scan(t, at, offline);
		} catch (MirrorException e) {
			String m = "cannot read " + at + " of " + t.location() + ": " + e.getMessage();
			if (e.offline()) {
				throw new EngineException(Kind.NOT_HELD, m, e);
			}
			throw failure(t, m, e);
		}
	}

	/** A refusal (what is not read so far) is final; anything else may be mended by reading the metadata again. */
	private static EngineException failure(LakeTable t, String m, Throwable e) {
		for (Throwable c = e; c != null; c = c.getCause()) {
			if (c instanceof IcebergException i && i.unsupported()) {
				return new EngineException(Kind.FAILED, m, e);
			}
		}
		return new TableReadFailed(t, m, e);
	}

	private void notHeld(LakeTable t, Optional<Held> held, List<String> notices, String why) throws EngineException {
		if (held.isEmpty()) {
			throw new EngineException(Kind.NOT_HELD, why + ": the metadata of " + t.location()
					+ " was never read, so none of its rows are held");
		}
		Held h = held.get();
		notices.add(why + ": " + t.location() + " is read from the snapshot held since " + h.refreshedAt() + " ("
				+ TableReads.age(Duration.between(h.refreshedAt(), config.clock().instant())) + " old), metadata "
				+ h.version());
	}

	/** Every data and delete file, whole (Iceberg's column-chunk reads are not in yet). */
	private Map<String, Path> fetch(LakeTable t, IcebergScan scan) throws EngineException {
		Map<String, Long> wanted = new HashMap<>();
		for (IcebergScan.DataFile f : scan.files()) {
			wanted.put(f.path(), f.size());
			f.deletes().forEach(x -> wanted.put(x.path(), x.size()));
		}
		boolean offline = config.offline() || config.store() == null;
		Map<String, Path> out = new HashMap<>();
		Set<Path> keep = new HashSet<>();
		int missing = 0;
		for (Map.Entry<String, Long> w : wanted.entrySet()) {
			String lakePath = t.location() + "/" + w.getKey();
			try {
				Path p = cache.fetch(lakePath, w.getValue(), offline);
				out.put(w.getKey(), p);
				keep.add(p);
			} catch (LakeException e) {
				if (e.kind() != LakeException.Kind.OFFLINE && e.kind() != LakeException.Kind.UNAVAILABLE) {
					throw new TableReadFailed(t, "cannot fetch " + lakePath + ": " + e.getMessage(), e);
				}
				missing++;
			} catch (IOException e) {
				throw new TableReadFailed(t, "cannot read " + lakePath + ": " + e.getMessage(), e);
			}
		}
		if (missing > 0) {
			throw new EngineException(Kind.NOT_HELD, "offline: " + missing + " of the " + wanted.size()
					+ " files of " + t.location() + " this statement needs are not held");
		}
		try {
			cache.evict(keep);
		} catch (IOException e) {
			// an eviction that failed leaves the cache over budget until the next statement
		}
		return out;
	}
}
