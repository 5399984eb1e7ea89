package io.lakestudio.engine.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Locale;
import java.util.Set;

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
	private final LogPrefetch logs;
	private final RowGroupChoice rowGroups;
	private final Views views = new Views(Views.MAX);
	/** The table references of the running statement, held up to their footers, whose chunks are to fetch. */
	private final List<Pending> pending = new ArrayList<>();
	/**
	 * Snapshots read from the mirror, by table, snapshot choice and the time the held log was refreshed: enough for
	 * a session's tables (Kernel reading one again costs ~0.1 s), bounded for an engine that runs for days, by
	 * bytes: a big table's snapshot lists 100,000 files with their statistics, a small one's a few.
	 */
	private final Weighed<String, Scanned> scans = new Weighed<>(64L << 20, s -> heapBytes(s.scan));
	/** The held logs the running statement's Delta tables read, for a {@link KeptPlan}. */
	private final List<KeptPlan.Read> held = new ArrayList<>();
	/** The local files the last {@link #fetchChunks} held for its statement. */
	private Set<Path> kept = Set.of();
	private int lastFiles;

	/** A snapshot's columns, partition columns and the DuckDB types its files' columns are declared as. */
	private record Shape(List<DeltaSchema.Column> columns, Set<String> partitions, Map<String, String> declared) {
	}

	/** A snapshot read from the mirror and, once a view was made of it, its shape. */
	private static final class Scanned {
		final DeltaScan scan;
		Shape shape;

		Scanned(DeltaScan scan) {
			this.scan = scan;
		}
	}

	/** Roughly the heap bytes a snapshot's file list holds (its columns and schema are small beside it). */
	static long heapBytes(DeltaScan scan) {
		long b = 256 + Weighed.of(scan.schemaJson());
		for (ScanFile f : scan.files()) {
			b += 96 + Weighed.of(f.path()) + Weighed.of(f.partitionValues()) + Weighed.of(f.statsJson())
					+ (f.dv() == null ? 0 : 96);
		}
		return b;
	}

	/** A table reference of the running statement: its files, the physical columns read, their declared types. */
	record Pending(LakeTable table, List<ScanFile> files, Set<String> physical, Map<String, String> declared) {
	}

	public TableReads(EngineConfig config, Mirror mirror, DiskCache cache) {
		this.config = config;
		this.mirror = mirror;
		this.cache = cache;
		this.iceberg = new IcebergReads(config, mirror, cache, views);
		this.rowGroups = new RowGroupChoice(cache, iceberg);
		this.logs = new LogPrefetch(config, mirror);
	}

	/**
	 * A statement arrived: the held logs due of the Delta tables its text names are read from the lake meanwhile
	 * (see {@link LogPrefetch}), while DuckDB starts and parses it.
	 */
	public void prefetchLogs(String sql, boolean fresh) {
		logs.start(sql, fresh);
	}

	/** Waits for the log reads {@link #prefetchLogs} started that no statement took (the engine closes). */
	public void settleLogs() {
		logs.settle();
	}

	/**
	 * The temp view to read {@code t} through for one statement: its files chosen by {@code where} (the WHERE that
	 * filters this table's rows alone, or null; {@code names}: what the table goes by in the statement) and by a
	 * plain {@code limit}, each held with the chunks of {@code columns} (logical names, lower case, a superset of
	 * what the statement reads; {@link Projection#ALL} = every column). Only the footers are fetched here: the
	 * chunks come with {@link #fetchChunks} once the statement's text is known, or not at all ({@link #skipChunks}).
	 */
	public String view(Connection d, LakeTable t, At at, Integer limit, JsonNode where, Set<String> names,
			Set<String> columns, boolean fresh, List<String> notices) throws EngineException {
		try {
			return viewOf(d, t, at, limit, where, names, columns, fresh, notices);
		} catch (OutOfMemoryError e) {
			// a log too big for the heap bound (Kernel's replay, the file list, a deletion vector): what failed
			// was this statement's alone, so the engine lets go of the snapshots it keeps and answers the next
			scans.clear();
			throw new EngineException(Kind.FAILED, "the log of " + t.name() + " (" + t.location() + ") is too big for"
					+ " the engine's Java heap of " + (Runtime.getRuntime().maxMemory() >> 20) + " MB: raise "
					+ EngineConfig.HEAP_MB + " in settings.json (in the workbench, -Xmx in lakestudio.ini)", e);
		}
	}

	private String viewOf(Connection d, LakeTable t, At at, Integer limit, JsonNode where, Set<String> names,
			Set<String> columns, boolean fresh, List<String> notices) throws EngineException {
		if (LakeTable.ICEBERG.equals(t.format())) {
			String v = iceberg.view(d, t, at, limit, where, names, columns, fresh, notices);
			lastFiles = iceberg.lastFiles();
			if (!config.offline() && config.store() != null) {
				mirror.held(t).ifPresent(h -> held.add(new KeptPlan.Read(t, h))); // its metadata, as a log for Delta
			}
			return v;
		}
		if (!LakeTable.DELTA.equals(t.format())) {
			throw new EngineException(Kind.FAILED, t.name() + " is an " + t.format() + " table: only Delta and Iceberg tables"
					+ " are read so far");
		}
		Scanned scanned = scan(t, at, fresh, notices);
		DeltaScan scan = scanned.scan;
		Shape shape = scanned.shape;
		if (shape == null) {
			try {
				List<DeltaSchema.Column> cols = DeltaSchema.columns(scan.schemaJson());
				Set<String> parts = Set.copyOf(scan.snapshot().partitionColumns());
				shape = new Shape(cols, parts, declared(cols, parts));
			} catch (IOException e) {
				throw new EngineException(Kind.FAILED, "cannot read the schema of " + t.location() + ": "
						+ e.getMessage(), e);
			}
			scanned.shape = shape;
		}
		List<DeltaSchema.Column> schema = shape.columns();
		Set<String> partitions = shape.partitions();
		List<ScanFile> files = Pruning.forPredicates(scan.files(), where, schema, partitions, names);
		files = limit == null ? files : Pruning.forLimit(files, limit);
		// every column (a star) is every column's chunks too: the row groups the plan rules out are still left out
		Set<String> physical = new HashSet<>();
		for (DeltaSchema.Column c : schema) {
			if (!partitions.contains(c.name())
					&& (columns == Projection.ALL || columns.contains(c.name().toLowerCase(Locale.ROOT)))) {
				physical.add(c.physicalName().toLowerCase(Locale.ROOT));
			}
		}
		lastFiles = files.size();
		hold(t, files, Set.of(), null); // the footers: enough to make the view and plan the statement
		pending.add(new Pending(t, files, physical, shape.declared()));
		String key = t.id() + "@" + scan.snapshot().version() + "/" + files.size() + "/" + files.hashCode();
		String view = views.get(key);
		if (view != null) {
			return view;
		}
		try {
			List<TableView.File> local = new ArrayList<>();
			for (ScanFile f : files) {
				long[] deleted = f.dv() == null ? null : DeltaTables.deletedRows(mirror.folder(t), f.dv());
				local.add(new TableView.File(cache.local(t.location() + "/" + f.path(), f.size()), f, deleted));
			}
			boolean declare = !asDeclared(t, files, schema, shape);
			return views.create(d, key, "__lake_", name -> TableView.statements(name, scan, local, declare));
		} catch (DeltaException e) {
			throw new TableReadFailed(t, "cannot read a deletion vector of " + t.location() + ": " + e.getMessage(), e);
		} catch (SQLException | IOException | RuntimeException e) {
			throw new EngineException(Kind.FAILED, "cannot make a view of " + t.location() + ": " + e.getMessage(), e);
		}
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
			logs.settle(); // what it read may be what failed: read it anew
			mirror.refresh(t);
		} catch (MirrorException e) {
			throw new EngineException(e.offline() ? Kind.NOT_HELD : Kind.FAILED, e.getMessage(), e);
		}
	}

	/**
	 * Fetches the column chunks the running statement reads, once every table it names has its view:
	 * {@code body} is the statement as DuckDB runs it (without EXPLAIN ANALYZE or CREATE in front). With
	 * {@code pruneRowGroups}, each table reference leaves out the chunks of the row groups its scan's filters in
	 * the plan rule out (see {@link RowGroups}); over several tables, only when the plan's scans can be told apart.
	 */
	public Set<Path> fetchChunks(Connection d, String body, boolean pruneRowGroups) throws EngineException {
		Set<Path> keep = new HashSet<>();
		try {
			List<List<RowGroups.Filter>> filters = pruneRowGroups ? rowGroups.pushed(d, body, pending) : List.of();
			for (int i = 0; i < pending.size(); i++) {
				Pending p = pending.get(i);
				Map<ScanFile, BitSet> skip = filters.isEmpty() ? Map.of() : rowGroups.skips(p, filters.get(i));
				keep.addAll(hold(p.table(), p.files(), p.physical(), skip));
			}
			keep.addAll(iceberg.fetchChunks(d, body, pruneRowGroups && pending.isEmpty()));
			try {
				cache.evict(keep);
			} catch (IOException e) {
				// an eviction that failed leaves the cache over budget until the next statement
			}
		} finally {
			skipChunks();
		}
		kept = keep;
		return keep;
	}

	/** Forgets the running statement's tables without fetching their chunks (a plain EXPLAIN, a DESCRIBE). */
	public void skipChunks() {
		pending.clear();
		iceberg.skipChunks();
	}

	/** A statement begins: what the last one read is forgotten. */
	public void begin() {
		views.begin();
		pending.clear();
		iceberg.skipChunks();
		held.clear();
		kept = Set.of();
	}

	/** The views the running statement reads. */
	public Set<String> views() {
		return views.running();
	}

	/** Records how the running statement named the table {@code view} reads (see {@link #shownAs}). */
	public void showAs(String view, String shown) {
		views.shownAs(view, shown);
	}

	/** How a statement named the table a view reads, for messages; null if {@code view} is not one of ours. */
	public String shownAs(String view) {
		return views.shownAs(view);
	}

	/** The running statement made a session's temp view or table: the views it read stay as long as the session. */
	public void pinViews() {
		views.pinRunning();
	}

	/** The local files the running statement reads, once {@link #fetchChunks} held them. */
	public Set<Path> kept() {
		return kept;
	}

	/**
	 * The held logs (Delta) and metadata (Iceberg) the running statement's tables were read from, in the order it
	 * named them.
	 */
	public List<KeptPlan.Read> held() {
		return List.copyOf(held);
	}

	/**
	 * Whether a kept plan may run as it is: each of its tables' held log is the one it was made from and not yet
	 * due for refreshing, and every file it reads is still held (whose use is then recorded).
	 */
	public boolean stillHolds(KeptPlan k) throws EngineException {
		views.begin();
		if (!views.allLive(k.views())) {
			return false; // one was dropped to make room for others
		}
		Instant now = config.clock().instant();
		for (KeptPlan.Read r : k.tables()) {
			if (!mirror.held(r.table()).equals(Optional.of(r.held()))
					|| r.held().refreshedAt().plus(config.metadataTtl()).isBefore(now)) {
				return false;
			}
		}
		try {
			if (!cache.touch(k.local())) {
				return false;
			}
			kept = k.local();
		} catch (IOException e) {
			return false;
		}
		lastFiles = k.files();
		return true;
	}

	/** Whether every file of the view holds the table's columns exactly as declared (see {@link FileSchemas}). */
	private boolean asDeclared(LakeTable t, List<ScanFile> files, List<DeltaSchema.Column> schema, Shape shape) {
		List<ParquetFooter.Footer> footers = new ArrayList<>();
		try {
			for (ScanFile f : files) {
				footers.add(cache.footer(t.location() + "/" + f.path(), f.size()));
			}
		} catch (IOException e) {
			return false;
		}
		int stored = (int) schema.stream().filter(c -> !shape.partitions().contains(c.name())).count();
		return FileSchemas.asDeclared(footers, shape.declared(), stored);
	}

	/** The physical names and declared DuckDB types of a table's columns held in its files. */
	private static Map<String, String> declared(List<DeltaSchema.Column> schema, Set<String> partitions) {
		Map<String, String> out = new HashMap<>();
		for (DeltaSchema.Column c : schema) {
			if (!partitions.contains(c.name()) && c.type().isTextual()) {
				try {
					out.put(c.physicalName(), DeltaSchema.duckType(c.type(), true));
				} catch (IllegalArgumentException e) {
					// a type DuckDB has no name for is not pruned on
				}
			}
		}
		return out;
	}

	/** How many files the last view chose (for tests and benchmarks). */
	public int lastFiles() {
		return lastFiles;
	}

	private Scanned scan(LakeTable t, At at, boolean fresh, List<String> notices) throws EngineException {
		Optional<Held> held = mirror.held(t);
		boolean stale = logs.due(held, fresh) || logs.started(t)
				|| (at.version().isPresent() && at.version().getAsLong() > held.get().version());
		if (config.offline() || config.store() == null) {
			offline(t, held, notices, "offline"); // reading offline always says how old what is read is
		} else if (stale) {
			try {
				Mirror.Refreshed r = logs.refresh(t);
				held = mirror.held(t);
				if (at.latest() && held.equals(Optional.of(r.held()))) {
					// the snapshot the refresh read: Kernel reading the same log again would cost as much
					scans.put(scanKey(t, at, r.held()), new Scanned(r.latest()));
				}
			} catch (MirrorException e) {
				if (!e.offline()) {
					throw new TableReadFailed(t, e.getMessage(), e);
				}
				offline(t, held, notices, "the lake can't be reached (" + e.getMessage() + ")");
			}
		}
		if (held.isPresent() && !config.offline() && config.store() != null) {
			this.held.add(new KeptPlan.Read(t, held.get()));
		}
		String key = scanKey(t, at, held.orElse(null));
		Scanned known = scans.get(key);
		if (known != null) {
			return known; // the held log did not change: Kernel would read the same snapshot again
		}
		try {
			Scanned s = new Scanned(mirror.scan(t, at));
			scans.put(key, s);
			return s;
		} catch (MirrorException e) {
			String m = "cannot read " + at + " of " + t.location() + ": " + e.getMessage();
			throw e.offline() ? new EngineException(Kind.NOT_HELD, m, e) : new TableReadFailed(t, m, e);
		}
	}

	/** Which snapshot of which held log: what {@link #scans} keeps a snapshot by. */
	private static String scanKey(LakeTable t, At at, Held held) {
		return t.id() + "@" + at + "@" + held;
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

	/**
	 * Holds each file's tail and the chunks of {@code physical} (null: the whole file) but those of the row groups
	 * {@code skip} names for it (null: none); offline, says at once what is missing.
	 */
	private Set<Path> hold(LakeTable t, List<ScanFile> files, Set<String> physical, Map<ScanFile, BitSet> skip)
			throws EngineException {
		Holding holding = new Holding(cache, t, config.offline() || config.store() == null);
		for (ScanFile f : files) {
			if (f.path().contains("://") || f.path().startsWith("/")) {
				throw new EngineException(Kind.FAILED, t.location() + " names a data file outside its folder ("
						+ f.path() + "): not read so far");
			}
			BitSet b = skip == null ? null : skip.get(f);
			holding.hold(f.path(), f.size(), physical, b == null ? null : b::get);
		}
		return new HashSet<>(holding.done().values());
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
