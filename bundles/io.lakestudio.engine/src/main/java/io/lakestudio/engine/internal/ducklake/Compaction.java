package io.lakestudio.engine.internal.ducklake;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.ColumnStats;
import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DataFile;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.DuckLakeTypes;
import io.lakestudio.ducklake.FileLineage;
import io.lakestudio.ducklake.ReadPlan;
import io.lakestudio.ducklake.ScheduledFile;
import io.lakestudio.ducklake.SchemaEntry;
import io.lakestudio.ducklake.Snapshot;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.ducklake.TableStats;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;
import io.lakestudio.engine.internal.Sql;

/**
 * {@code ducklake_merge_adjacent_files} and {@code ducklake_rewrite_data_files}, in one commit. A merge packs a
 * table's small files (no deletes, same columns) into files of up to {@code target_file_size}: the new file begins
 * at their first snapshot and keeps each row's id and snapshot, so every snapshot reads as before; the old files'
 * rows go and the files are scheduled for deletion. A rewrite writes the live rows of files with many deletes
 * ({@code delete_threshold}) into new files, keeping their row ids; the old files end at the new snapshot, so older
 * snapshots still read them. The new files are in place before the commit names them; a failed commit deletes them.
 */
final class Compaction {

	private static final long DEFAULT_TARGET = 512L * 1024 * 1024;

	private final Connection d;
	private final Attached a;
	private final boolean rewrite;
	private final Writes writes;
	private final Path staging;
	private final List<Path> placed = new ArrayList<>();
	private final Map<Long, CatalogAt> atBegin = new HashMap<>();

	Compaction(DuckLakeKind kind, Connection d, Attached a, boolean rewrite) throws EngineException {
		this.d = d;
		this.a = a;
		this.rewrite = rewrite;
		this.staging = kind.staging();
		this.writes = new Writes(d, staging);
	}

	/** The extension's rows: per table compacted, its schema, name, files read and files written. */
	List<String> run(String tableName, Map<String, String> named) throws EngineException, DuckLakeException,
			SQLException {
		Commit c = Maintenance.commit(a);
		CatalogAt cat = a.catalog.store().at(c.base());
		String schemaName = named.get("schema");
		List<TableEntry> tables = new ArrayList<>();
		for (TableEntry t : cat.tables()) {
			SchemaEntry s = cat.schemaOf(t).orElseThrow();
			if ((tableName == null || t.name().equalsIgnoreCase(tableName))
					&& (schemaName == null || s.name().equalsIgnoreCase(schemaName))) {
				tables.add(t);
			}
		}
		if (tableName != null && tables.isEmpty()) {
			throw new EngineException(Kind.FAILED, "Catalog Error: Table with name " + tableName + " does not exist!");
		}
		long target = size(named, "target_file_size", null);
		long max = named.containsKey("max_file_size") ? Maintenance.bytes(named.get("max_file_size")) : target;
		long min = named.containsKey("min_file_size") ? Maintenance.bytes(named.get("min_file_size")) : 0;
		if (named.containsKey("min_file_size") && named.containsKey("max_file_size") && min >= max) {
			throw new EngineException(Kind.FAILED, "Invalid Input Error: min_file_size must be less than max_file_size");
		}
		long maxBins = named.containsKey("max_compacted_files") ? Long.parseLong(named.get("max_compacted_files"))
				: Long.MAX_VALUE;
		if (maxBins < 0) {
			throw new EngineException(Kind.FAILED, "Conversion Error: Type INT32 with value " + maxBins
					+ " can't be cast to the destination type UBIGINT");
		}
		double threshold = threshold(named);
		List<String> rows = new ArrayList<>();
		try {
			for (TableEntry t : tables) {
				SchemaEntry s = cat.schemaOf(t).orElseThrow();
				int[] counts = rewrite ? rewrite(c, cat, s, t, target, threshold) : merge(c, s, t, target, max, min, maxBins);
				if (counts[0] > 0) {
					rows.add("(" + Sql.string(s.name()) + ", " + Sql.string(t.name()) + ", " + counts[0] + ", "
							+ counts[1] + ")");
				}
			}
			if (!c.isEmpty()) {
				a.committed(a.catalog.store().commit(c));
			}
			placed.clear();
			return rows;
		} catch (IOException e) {
			throw new EngineException(Kind.FAILED, "cannot write a data file: " + e.getMessage(), e);
		} finally {
			for (Path p : placed) {
				try {
					Files.deleteIfExists(p); // not committed: no row names them
				} catch (IOException e) {
					// an orphan file at most
				}
			}
		}
	}

	private int[] merge(Commit c, SchemaEntry s, TableEntry t, long target, long max, long min, long maxBins)
			throws DuckLakeException, SQLException, IOException {
		Map<Long, FileLineage> lineage = Lineage.of(a.catalog.store(), t.id());
		// files of the same columns, in file order: each group packs on its own
		Map<String, List<ReadPlan.Part>> groups = new LinkedHashMap<>();
		for (ReadPlan.Part p : ReadPlan.of(a.catalog.store(), c.base(), null, t.id()).parts()) {
			long size = p.data().fileSizeBytes();
			if (p.deletes() == null && size < max && size >= min) {
				groups.computeIfAbsent(columnsKey(t, p.data().beginSnapshot()), k -> new ArrayList<>()).add(p);
			}
		}
		int[] counts = { 0, 0 };
		int bins = 0;
		for (List<ReadPlan.Part> group : groups.values()) {
			for (List<ReadPlan.Part> bin : pack(group, target)) {
				if (bin.size() < 2 || bins >= maxBins) {
					continue;
				}
				bins++;
				write(c, s, t, bin, lineage, false);
				counts[0] += bin.size();
				counts[1]++;
			}
		}
		if (counts[1] > 0) {
			c.changes.add("merge_adjacent:" + t.id());
		}
		return counts;
	}

	private int[] rewrite(Commit c, CatalogAt cat, SchemaEntry s, TableEntry t, long target, double threshold)
			throws DuckLakeException, SQLException, IOException {
		Map<Long, FileLineage> lineage = Lineage.of(a.catalog.store(), t.id());
		List<ReadPlan.Part> heavy = new ArrayList<>();
		for (ReadPlan.Part p : ReadPlan.of(a.catalog.store(), c.base(), null, t.id()).parts()) {
			long n = p.data().recordCount();
			if (p.deletes() != null && (n == 0 || (double) p.deletes().deleteCount() / n >= threshold)) {
				heavy.add(p);
			}
		}
		int[] counts = { 0, 0 };
		for (List<ReadPlan.Part> bin : pack(heavy, target)) {
			counts[0] += bin.size();
			counts[1] += write(c, s, t, bin, lineage, true) ? 1 : 0;
		}
		if (counts[0] > 0) {
			c.changes.add("rewrite_delete:" + t.id());
		}
		return counts;
	}

	/** Consecutive files packed while their sizes add up to at most {@code target}. */
	private static List<List<ReadPlan.Part>> pack(List<ReadPlan.Part> files, long target) {
		List<List<ReadPlan.Part>> out = new ArrayList<>();
		List<ReadPlan.Part> bin = new ArrayList<>();
		long size = 0;
		for (ReadPlan.Part p : files) {
			if (!bin.isEmpty() && size + p.data().fileSizeBytes() > target) {
				out.add(bin);
				bin = new ArrayList<>();
				size = 0;
			}
			bin.add(p);
			size += p.data().fileSizeBytes();
		}
		if (!bin.isEmpty()) {
			out.add(bin);
		}
		return out;
	}

	/** Writes one file of the bin's rows and puts it in the commit in their place; false when no row is left. */
	private boolean write(Commit c, SchemaEntry s, TableEntry t, List<ReadPlan.Part> bin, Map<Long, FileLineage> lineage,
			boolean rewriting) throws DuckLakeException, SQLException, IOException {
		List<ColumnEntry> cols = atBegin(rewriting ? c.base().id() : bin.get(0).data().beginSnapshot()).columns(t.id());
		long first = Long.MAX_VALUE;
		long last = Long.MIN_VALUE;
		boolean positional = !rewriting;
		long next = -1;
		for (ReadPlan.Part p : bin) {
			FileLineage l = lineage.get(p.data().id());
			first = Math.min(first, p.data().beginSnapshot());
			last = Math.max(last, l != null && l.partialMax() != null ? l.partialMax() : p.data().beginSnapshot());
			Long start = l == null ? Long.valueOf(p.data().rowIdStart()) : l.rowIdStart();
			// one run of row ids from the first file on: the merged file's position says each row's id
			positional &= start != null && (next < 0 || start == next);
			next = start == null ? -1 : start + p.data().recordCount();
		}
		boolean snapshots = !rewriting && first != last;
		List<String> select = new ArrayList<>();
		List<String> ids = new ArrayList<>();
		for (ColumnEntry col : cols) {
			select.add(Sql.ident(col.name()) + "::" + DuckLakeTypes.toDuckDb(col.type()) + " AS " + Sql.ident(col.name()));
			ids.add(Sql.ident(col.name()) + ": " + col.id());
		}
		if (!positional) {
			select.add(FileRows.ROW_ID + " AS " + FileLineage.ROW_ID_COLUMN);
			ids.add(FileLineage.ROW_ID_COLUMN + ": " + FileLineage.ROW_ID_FIELD);
		}
		if (snapshots) {
			select.add(FileRows.SNAPSHOT + " AS " + FileLineage.SNAPSHOT_ID_COLUMN);
			ids.add(FileLineage.SNAPSHOT_ID_COLUMN + ": " + FileLineage.SNAPSHOT_ID_FIELD);
		}
		String rows = FileRows.select(a, s, t, cols, bin, lineage, rewriting, null);
		String file = "ducklake-" + UUID.randomUUID() + ".parquet";
		Path staged = staging.resolve(file);
		long count;
		try (Statement st = d.createStatement()) {
			st.execute("COPY (SELECT " + String.join(", ", select) + " FROM (" + rows + ") ORDER BY " + FileRows.ROW_ID
					+ ") TO " + Sql.string(staged.toString()) + " (FORMAT parquet, FIELD_IDS {" + String.join(", ", ids)
					+ "})");
			try (ResultSet r = st.executeQuery("SELECT count(*) FROM read_parquet(" + Sql.string(staged.toString())
					+ ")")) {
				r.next();
				count = r.getLong(1);
			}
		}
		long removed = 0;
		for (ReadPlan.Part p : bin) {
			removed += p.data().fileSizeBytes();
			if (rewriting) {
				c.endedDataFiles.add(p.data().id());
				c.endedDeleteFiles.add(p.deletes().id());
			} else {
				String path = p.data().relative() ? s.path() + t.path() + p.data().path() : p.data().path();
				c.removedDataFiles.add(new ScheduledFile(p.data().id(), path, p.data().relative(), Instant.now()));
			}
		}
		c.compactedTables.add(t.id());
		long added = 0;
		if (count > 0) {
			List<ColumnStats> stats = writes.stats(staged, cols);
			added = Files.size(staged);
			long footer = writes.footer(staged);
			Path to = Path.of(a.catalog.resolve(s, t, file, true));
			Files.createDirectories(to.getParent());
			try {
				Files.move(staged, to, StandardCopyOption.ATOMIC_MOVE);
			} catch (IOException e) {
				Files.move(staged, to);
			}
			placed.add(to);
			long start = positional ? rowIdStart(bin, lineage) : 0;
			long id = c.fileId();
			c.newDataFiles.add(new DataFile(id, t.id(), 0, file, true, count, added, footer, start, stats));
			c.lineage.put(id, new FileLineage(id, rewriting ? null : first, positional ? start : null,
					snapshots ? last : null));
		} else {
			Files.deleteIfExists(staged);
		}
		TableStats before = c.tableStats.get(t.id());
		if (before == null) {
			before = a.catalog.store().tableStats(t.id()).orElse(new TableStats(t.id(), 0, 0, 0));
			c.baseStats.putIfAbsent(t.id(), before);
		}
		c.tableStats.put(t.id(), new TableStats(t.id(), before.recordCount(), before.nextRowId(),
				Math.max(0, before.fileSizeBytes() - removed + added)));
		return count > 0;
	}

	private static long rowIdStart(List<ReadPlan.Part> bin, Map<Long, FileLineage> lineage) {
		ReadPlan.Part p = bin.get(0);
		FileLineage l = lineage.get(p.data().id());
		return l == null ? p.data().rowIdStart() : l.rowIdStart();
	}

	/** The table's columns (ids and types) when a file began: files merge only with files of the same. */
	private String columnsKey(TableEntry t, long begin) throws DuckLakeException {
		StringBuilder k = new StringBuilder();
		for (ColumnEntry c : atBegin(begin).columns(t.id())) {
			k.append(c.id()).append(':').append(c.type()).append(',');
		}
		return k.toString();
	}

	private CatalogAt atBegin(long snapshot) throws DuckLakeException {
		CatalogAt cat = atBegin.get(snapshot);
		if (cat == null) {
			// an expired snapshot's rows are read by id all the same: visibility needs only the number
			cat = a.catalog.store().at(new Snapshot(snapshot, Instant.EPOCH, 0, 0, 0, null, null, null));
			atBegin.put(snapshot, cat);
		}
		return cat;
	}

	private long size(Map<String, String> named, String key, Long dflt) throws EngineException, DuckLakeException {
		String v = named.containsKey(key) ? named.get(key) : Maintenance.option(a, key);
		return v == null ? (dflt == null ? DEFAULT_TARGET : dflt) : Maintenance.bytes(v);
	}

	private double threshold(Map<String, String> named) throws DuckLakeException {
		String v = named.containsKey("delete_threshold") ? named.get("delete_threshold")
				: Maintenance.option(a, "rewrite_delete_threshold");
		return v == null ? 0.95 : Double.parseDouble(v);
	}
}
