package io.lakestudio.engine.internal;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.IntPredicate;

import com.fasterxml.jackson.databind.JsonNode;

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

/**
 * Makes an Iceberg table readable by one statement: its metadata brought up to date in the mirror (offline: the
 * held snapshot, with its age), the snapshot planned by iceberg-core, the files the statement needs chosen from
 * the manifests (identity partition values, column bounds and null counts, record counts for a plain LIMIT), and
 * a temp view over them. {@code AT (VERSION => n)} is snapshot n.
 * <p>
 * Data files are held column-chunk granular, as Delta's are: the footer when the view is made, then (at
 * {@link #fetchChunks}) the chunks of the columns the statement projects, found in each file by field id, since a
 * file written before a rename names the column otherwise. A file whose footer has no field ids is held whole.
 * Position-delete files are held whole: the view reads every row of them when it is made.
 */
final class IcebergReads {

	private final EngineConfig config;
	private final Mirror mirror;
	private final IcebergMirror iceberg;
	private final DiskCache cache;
	private final Views views;
	/** The data files of the running statement held up to their footers, with the physical columns to fetch. */
	private final Map<LakeTable, List<Hold>> pending = new LinkedHashMap<>();
	/** Files the running statement needs that are held already (delete files, whole). */
	private final Set<Path> keep = new HashSet<>();
	/** The types row groups are pruned on of the running statement's tables' columns, by field id. */
	private final Map<LakeTable, Map<Integer, String>> types = new Lru<>(1024);
	/** The filters the plan pushes into the scan of a one-table statement, by statement text. */
	private final Map<String, List<RowGroups.Filter>> plans = new Lru<>(256);
	private int lastFiles;

	/** A file to hold: its path relative to the table, size and top-level physical columns (null: whole). */
	private record Hold(String path, long size, Set<String> physical) {
	}

	IcebergReads(EngineConfig config, Mirror mirror, DiskCache cache, Views views) {
		this.config = config;
		this.mirror = mirror;
		this.iceberg = new IcebergMirror(mirror, config.store(), config.clock());
		this.cache = cache;
		this.views = views;
	}

	/**
	 * The view of {@code t} for one statement, over the files {@code where} and {@code limit} leave (see
	 * {@link TableReads#view(Connection, LakeTable, At, Integer, JsonNode, Set, Set, boolean, List)}), each held up
	 * to its footer; the chunks of {@code columns} come with {@link #fetchChunks}.
	 */
	String view(Connection d, LakeTable t, At at, Integer limit, JsonNode where, Set<String> names,
			Set<String> columns, boolean fresh, List<String> notices) throws EngineException {
		IcebergScan scan = scan(t, at, fresh, notices);
		List<IcebergScan.DataFile> files = choose(scan, where, names, limit);
		lastFiles = files.size();
		Set<Integer> ids = new HashSet<>();
		for (IcebergScan.Column c : scan.columns()) {
			if (columns == Projection.ALL || columns.contains(c.name().toLowerCase(Locale.ROOT))) {
				ids.add(c.fieldId());
			}
		}
		Map<String, Hold> deletes = new TreeMap<>();
		files.forEach(f -> f.deletes().forEach(x -> deletes.put(x.path(), new Hold(x.path(), x.size(), null))));
		Map<String, Path> local = hold(t, List.copyOf(deletes.values())); // read whole when the view is made
		keep.addAll(local.values());
		// the footers: enough to make the view and plan the statement
		local.putAll(hold(t, files.stream().map(f -> new Hold(f.path(), f.size(), Set.of())).toList()));
		Map<Integer, String> prunable = types.computeIfAbsent(t, x -> new HashMap<>());
		for (IcebergScan.Column c : scan.columns()) {
			String type = prunable(c.duckType());
			if (type != null) {
				prunable.put(c.fieldId(), type);
			}
		}
		List<Hold> chunks = pending.computeIfAbsent(t, x -> new ArrayList<>());
		for (IcebergScan.DataFile f : files) {
			chunks.add(new Hold(f.path(), f.size(), physical(t, f, ids)));
		}
		String key = t.id() + "@" + scan.snapshotId() + "@" + files.stream().map(IcebergScan.DataFile::path).toList();
		String view = views.get(key);
		if (view != null) {
			return view;
		}
		IcebergScan chosen = new IcebergScan(scan.snapshotId(), scan.formatVersion(), scan.columns(), files);
		try {
			return views.create(d, key, "__ice_", name -> IcebergView.statements(name, chosen, local));
		} catch (SQLException | IOException e) {
			throw new EngineException(Kind.FAILED, "cannot make a view of " + t.location() + ": " + e.getMessage(), e);
		}
	}

	/** How many data files the last view chose. */
	int lastFiles() {
		return lastFiles;
	}

	/**
	 * Holds the chunks the running statement's Iceberg tables project; the files it needs (for the cache to keep).
	 * With {@code pruneRowGroups} and one Iceberg table alone in the statement ({@code body}, as DuckDB runs it),
	 * the chunks of the row groups the plan's filters rule out are left out, as for Delta (see {@link RowGroups}).
	 */
	Set<Path> fetchChunks(Connection d, String body, boolean pruneRowGroups) throws EngineException {
		try {
			Set<Path> out = new HashSet<>(keep);
			List<RowGroups.Filter> filters = pruneRowGroups && pending.size() == 1 ? pushed(d, body) : List.of();
			for (Map.Entry<LakeTable, List<Hold>> e : pending.entrySet()) {
				out.addAll(hold(e.getKey(), e.getValue(), filters).values());
			}
			return out;
		} finally {
			skipChunks();
		}
	}

	/**
	 * The filters of the one parquet scan in the plan of {@code body} on the one pending table's columns, named
	 * {@code c<field id>} as its view names them; none when every chunk is held already (no EXPLAIN then) or the
	 * plan is not understood.
	 */
	private List<RowGroups.Filter> pushed(Connection d, String body) {
		Map.Entry<LakeTable, List<Hold>> only = pending.entrySet().iterator().next();
		LakeTable t = only.getKey();
		boolean all = true;
		for (Hold h : only.getValue()) {
			all &= h.physical() == null || cache.holds(t.location() + "/" + h.path(), h.size(), h.physical());
		}
		if (all) {
			return List.of();
		}
		List<RowGroups.Filter> known = plans.get(body);
		if (known != null) {
			return known;
		}
		String plan;
		try {
			plan = PlanScans.plan(d, body);
		} catch (SQLException | RuntimeException e) {
			return List.of(); // not understood: every row group is fetched
		}
		Map<String, String> declared = new HashMap<>();
		types.getOrDefault(t, Map.of()).forEach((id, type) -> declared.put("c" + id, type));
		List<RowGroups.Filter> out = RowGroups.pushed(plan, declared);
		plans.put(body, out);
		return out;
	}

	/** A view's DuckDB type as the footer reader names it, for the types row groups are pruned on; else null. */
	private static String prunable(String duckType) {
		return switch (duckType) {
		case "BIGINT", "INTEGER", "SMALLINT", "TINYINT", "DOUBLE", "DATE", "TIMESTAMP" -> duckType;
		case "TIMESTAMP WITH TIME ZONE" -> "TIMESTAMPTZ";
		default -> null;
		};
	}

	/**
	 * The row groups of one file that {@code filters} (on {@code c<field id>}) rule out, by the file's own names
	 * for those field ids; none when the footer can't be read.
	 */
	private IntPredicate skipped(LakeTable t, Hold h, List<RowGroups.Filter> filters) {
		try {
			ParquetFooter.Footer footer = cache.footer(t.location() + "/" + h.path(), h.size());
			Map<Integer, String> byId = footer.fieldIds();
			Map<Integer, String> prunable = types.getOrDefault(t, Map.of());
			List<RowGroups.Filter> own = new ArrayList<>();
			Map<String, String> ownTypes = new HashMap<>();
			for (RowGroups.Filter f : filters) {
				int id = Integer.parseInt(f.column().substring(1));
				String name = byId.get(id);
				String type = prunable.get(id);
				if (name != null && type != null) {
					own.add(new RowGroups.Filter(name, f.op(), f.whole(), f.real()));
					ownTypes.put(name, type);
				}
			}
			java.util.BitSet out = RowGroups.skipped(footer, own, ownTypes);
			return out.isEmpty() ? null : out::get;
		} catch (IOException | RuntimeException e) {
			return null;
		}
	}

	/** Whether the running statement reads an Iceberg table (its chunks not fetched yet). */
	boolean reading() {
		return !pending.isEmpty();
	}

	/** Forgets the running statement's files without fetching their chunks. */
	void skipChunks() {
		pending.clear();
		keep.clear();
		types.clear();
	}

	/**
	 * The files a statement needs: those whose identity partition values and manifest bounds and counts leave room
	 * for rows its WHERE keeps, and for a plain LIMIT only as many as their live rows (records less every row their
	 * delete files delete) say it needs.
	 */
	private static List<IcebergScan.DataFile> choose(IcebergScan scan, JsonNode where, Set<String> names,
			Integer limit) {
		List<Pruning.Col> cols = new ArrayList<>();
		Map<String, Integer> ids = new HashMap<>();
		for (IcebergScan.Column c : scan.columns()) {
			cols.add(new Pruning.Col(c.name(), kind(c.duckType())));
			ids.put(c.name(), c.fieldId());
		}
		List<IcebergScan.DataFile> files = Pruning.choose(scan.files(), Pruning.predicates(where, cols, names),
				f -> col -> range(f.stats(), ids.get(col.name()), col.kind()));
		return limit == null ? files : Pruning.forLimit(files, limit, IcebergScan.DataFile::liveAtLeast);
	}

	/** What a data file's manifest entry says of one column. */
	private static Pruning.Range range(IcebergScan.Stats s, int id, String kind) {
		Optional<Object> part = s.identity().get(id);
		if (part != null) {
			return part.isEmpty() ? Pruning.Range.NULL : Pruning.Range.exactly(Pruning.typed(part.get(), kind));
		}
		Long nulls = s.nulls().get(id);
		Long values = s.values().get(id);
		return new Pruning.Range(Pruning.typed(s.lower().get(id), kind), Pruning.typed(s.upper().get(id), kind),
				nulls != null && values != null && nulls.longValue() == values.longValue(), nulls != null && nulls == 0);
	}

	/** The kind of comparison pruning makes on a column read as {@code duckType}, or null. */
	private static String kind(String duckType) {
		return switch (duckType) {
		case "BIGINT", "INTEGER", "SMALLINT", "TINYINT" -> "num";
		case "VARCHAR" -> "str";
		case "DATE" -> "date";
		default -> duckType.startsWith("DECIMAL(") ? "num" : null;
		};
	}

	/**
	 * The top-level columns of a file (as its footer names them, lower case) that carry the field ids
	 * {@code ids}; null (the whole file) when its footer has no field ids to go by.
	 */
	private Set<String> physical(LakeTable t, IcebergScan.DataFile f, Set<Integer> ids) throws EngineException {
		Map<Integer, String> byId;
		try {
			byId = cache.footer(t.location() + "/" + f.path(), f.size()).fieldIds();
		} catch (IOException e) {
			throw new TableReadFailed(t, "cannot read the footer of " + t.location() + "/" + f.path() + ": "
					+ e.getMessage(), e);
		}
		if (byId.isEmpty()) {
			return null;
		}
		Set<String> out = new HashSet<>();
		for (int id : ids) {
			String n = byId.get(id);
			if (n != null) {
				out.add(n.toLowerCase(Locale.ROOT));
			}
		}
		return out;
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

	/**
	 * Holds each file: its tail and the chunks of its physical columns (null: the whole file); offline, says at
	 * once what is missing. The local copies by relative path.
	 */
	private Map<String, Path> hold(LakeTable t, List<Hold> files) throws EngineException {
		return hold(t, files, List.of());
	}

	/** As {@link #hold(LakeTable, List)}, leaving out the chunks of the row groups {@code filters} rule out. */
	private Map<String, Path> hold(LakeTable t, List<Hold> files, List<RowGroups.Filter> filters)
			throws EngineException {
		Holding holding = new Holding(cache, t, config.offline() || config.store() == null);
		for (Hold h : files) {
			IntPredicate skip = filters.isEmpty() || h.physical() == null ? null : skipped(t, h, filters);
			holding.hold(h.path(), h.size(), h.physical(), skip);
		}
		return new HashMap<>(holding.done());
	}
}
