package io.lakestudio.engine.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

import com.fasterxml.jackson.databind.JsonNode;

import io.lakestudio.catalog.LakeTable;
import io.lakestudio.delta.DeltaException;
import io.lakestudio.delta.DeltaScan;
import io.lakestudio.delta.DeltaTables;
import io.lakestudio.delta.ScanFile;
import io.lakestudio.engine.EngineConfig;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;
import io.lakestudio.mirror.At;
import io.lakestudio.mirror.Held;
import io.lakestudio.mirror.Mirror;
import io.lakestudio.mirror.MirrorException;
import io.lakestudio.onelake.LakeException;

/**
 * Makes a lake table readable by one statement: its log brought up to date in the mirror (or, offline, the held
 * snapshot with its age), the files the statement needs chosen and held in the disk cache, and a temp view over
 * them. A view is kept for the session per table, snapshot and file choice.
 */
public final class TableReads {

	private final EngineConfig config;
	private final Mirror mirror;
	private final DiskCache cache;
	private final IcebergReads iceberg;
	private final Map<String, String> views = new HashMap<>();
	/** Snapshots read from the mirror, by table, snapshot choice and the time the held log was refreshed. */
	private final Map<String, DeltaScan> scans = new HashMap<>();
	private int next;
	private int lastFiles;

	public TableReads(EngineConfig config, Mirror mirror, DiskCache cache) {
		this.config = config;
		this.mirror = mirror;
		this.cache = cache;
		this.iceberg = new IcebergReads(config, mirror, cache);
	}

	/** The temp view to read {@code t} through; notices say when it was answered from an older held snapshot. */
	public String view(Connection d, LakeTable t, At at, Integer limit, boolean fresh, List<String> notices)
			throws EngineException {
		return view(d, t, at, limit, null, Set.of(), Projection.ALL, fresh, notices);
	}

	/**
	 * The temp view to read {@code t} through for one statement: its files chosen by {@code where} (the WHERE that
	 * filters this table's rows alone, or null; {@code names}: what the table goes by in the statement) and by a
	 * plain {@code limit}, each held with the chunks of {@code columns} (logical names, lower case, a superset of
	 * what the statement reads; {@link Projection#ALL} = whole files).
	 */
	public String view(Connection d, LakeTable t, At at, Integer limit, JsonNode where, Set<String> names,
			Set<String> columns, boolean fresh, List<String> notices) throws EngineException {
		if (LakeTable.ICEBERG.equals(t.format())) {
			return iceberg.view(d, t, at, fresh, notices);
		}
		if (!LakeTable.DELTA.equals(t.format())) {
			throw new EngineException(Kind.FAILED, t.name() + " is an " + t.format() + " table: only Delta and Iceberg tables"
					+ " are read so far");
		}
		DeltaScan scan = scan(t, at, fresh, notices);
		List<DeltaSchema.Column> schema;
		try {
			schema = DeltaSchema.columns(scan.schemaJson());
		} catch (IOException e) {
			throw new EngineException(Kind.FAILED, "cannot read the schema of " + t.location() + ": " + e.getMessage(), e);
		}
		Set<String> partitions = Set.copyOf(scan.snapshot().partitionColumns());
		List<ScanFile> files = Pruning.forPredicates(scan.files(), where, schema, partitions, names);
		files = limit == null ? files : Pruning.forLimit(files, limit);
		Set<String> physical = null;
		if (columns != Projection.ALL) {
			physical = new HashSet<>();
			for (DeltaSchema.Column c : schema) {
				if (!partitions.contains(c.name()) && columns.contains(c.name().toLowerCase(Locale.ROOT))) {
					physical.add(c.physicalName().toLowerCase(Locale.ROOT));
				}
			}
		}
		lastFiles = files.size();
		List<TableView.File> local = fetch(t, files, physical);
		String key = t.id() + "@" + scan.snapshot().version() + "/" + files.size() + "/" + files.hashCode();
		String view = views.get(key);
		if (view != null) {
			return view;
		}
		view = "__lake_" + (++next);
		try (Statement s = d.createStatement()) {
			for (String sql : TableView.statements(view, scan, local)) {
				s.execute(sql);
			}
		} catch (SQLException | IOException | RuntimeException e) {
			throw new EngineException(Kind.FAILED, "cannot make a view of " + t.location() + ": " + e.getMessage(), e);
		}
		views.put(key, view);
		return view;
	}

	/**
	 * Brings a table's held log up to date now, whatever its age (after a read of it failed): the next view of it
	 * reads the newest snapshot.
	 */
	public void refresh(LakeTable t) throws EngineException {
		if (config.offline() || config.store() == null) {
			return;
		}
		if (LakeTable.ICEBERG.equals(t.format())) {
			iceberg.refresh(t);
			return;
		}
		try {
			mirror.refresh(t);
		} catch (MirrorException e) {
			throw new EngineException(e.offline() ? Kind.NOT_HELD : Kind.FAILED, e.getMessage(), e);
		}
	}

	/** How many files the last view chose (for tests and benchmarks). */
	public int lastFiles() {
		return lastFiles;
	}

	private DeltaScan scan(LakeTable t, At at, boolean fresh, List<String> notices) throws EngineException {
		Optional<Held> held = mirror.held(t);
		Instant now = config.clock().instant();
		boolean stale = held.isEmpty() || fresh
				|| held.get().refreshedAt().plus(config.metadataTtl()).isBefore(now)
				|| (at.version().isPresent() && at.version().getAsLong() > held.get().version());
		if (config.offline() || config.store() == null) {
			offline(t, held, notices, "offline"); // reading offline always says how old what is read is
		} else if (stale) {
			try {
				mirror.refresh(t);
			} catch (MirrorException e) {
				if (!e.offline()) {
					throw new TableReadFailed(t, e.getMessage(), e);
				}
				offline(t, held, notices, "the lake can't be reached (" + e.getMessage() + ")");
			}
		}
		String key = t.id() + "@" + at + "@" + mirror.held(t).map(Held::refreshedAt).orElse(null);
		DeltaScan known = scans.get(key);
		if (known != null) {
			return known; // the held log did not change: Kernel would read the same snapshot again
		}
		try {
			DeltaScan s = mirror.scan(t, at);
			scans.put(key, s);
			return s;
		} catch (MirrorException e) {
			String m = "cannot read " + at + " of " + t.location() + ": " + e.getMessage();
			throw e.offline() ? new EngineException(Kind.NOT_HELD, m, e) : new TableReadFailed(t, m, e);
		}
	}

	private void offline(LakeTable t, Optional<Held> held, List<String> notices, String why) throws EngineException {
		if (held.isEmpty()) {
			throw new EngineException(Kind.NOT_HELD, why + ": the log of " + t.location()
					+ " was never read, so none of its rows are held");
		}
		Held h = held.get();
		Duration age = Duration.between(h.refreshedAt(), config.clock().instant());
		notices.add(why + ": " + t.location() + " is read from the snapshot held since " + h.refreshedAt() + " ("
				+ age(age) + " old), version " + h.version());
	}

	private List<TableView.File> fetch(LakeTable t, List<ScanFile> files, Set<String> physical)
			throws EngineException {
		Set<String> lacking = new TreeSet<>();
		List<TableView.File> out = new ArrayList<>();
		Set<Path> keep = new HashSet<>();
		int missing = 0;
		long missingBytes = 0;
		for (ScanFile f : files) {
			if (f.path().contains("://") || f.path().startsWith("/")) {
				throw new EngineException(Kind.FAILED, t.location() + " names a data file outside its folder ("
						+ f.path() + "): not read so far");
			}
			String lakePath = t.location() + "/" + f.path();
			try {
				Path p = cache.fetchColumns(lakePath, f.size(), physical, config.offline() || config.store() == null,
						false);
				keep.add(p);
				long[] deleted = f.dv() == null ? null : DeltaTables.deletedRows(mirror.folder(t), f.dv());
				out.add(new TableView.File(p, f, deleted));
			} catch (LakeException e) {
				if (e.kind() != LakeException.Kind.OFFLINE && e.kind() != LakeException.Kind.UNAVAILABLE) {
					throw new TableReadFailed(t, "cannot fetch " + lakePath + ": " + e.getMessage(), e);
				}
				missing++;
				missingBytes += f.size();
				try {
					lacking.addAll(cache.missing(lakePath, f.size(), physical));
				} catch (IOException x) {
					lacking.add("the file");
				}
			} catch (IOException | DeltaException e) {
				throw new TableReadFailed(t, "cannot read " + lakePath + ": " + e.getMessage(), e);
			}
		}
		if (missing > 0) {
			throw new EngineException(Kind.NOT_HELD, "offline: " + missing + " of the " + files.size()
					+ " files of " + t.location() + " this statement needs are not held (" + (missingBytes >> 10)
					+ " KiB of files)" + (lacking.isEmpty() ? "" : "; missing: " + String.join(", ", lacking)));
		}
		try {
			cache.evict(keep);
		} catch (IOException e) {
			// an eviction that failed leaves the cache over budget until the next statement
		}
		return out;
	}

	static String age(Duration d) {
		if (d.toDays() > 0) {
			return d.toDays() + " d";
		}
		if (d.toHours() > 0) {
			return d.toHours() + " h";
		}
		return d.toMinutes() > 0 ? d.toMinutes() + " min" : d.toSeconds() + " s";
	}
}
