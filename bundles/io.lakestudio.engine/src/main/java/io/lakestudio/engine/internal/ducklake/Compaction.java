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
import java.util.List;
import java.util.Map;

import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.ColumnStats;
import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DataFile;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.FileLineage;
import io.lakestudio.ducklake.FilePartition;
import io.lakestudio.ducklake.NestedTypes;
import io.lakestudio.ducklake.ReadPlan;
import io.lakestudio.ducklake.ScheduledFile;
import io.lakestudio.ducklake.SchemaEntry;
import io.lakestudio.ducklake.Snapshot;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.ducklake.VariantStats;
import io.lakestudio.ducklake.TableStats;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;
import io.lakestudio.engine.internal.Sql;

/**
 * {@code ducklake_merge_adjacent_files} and {@code ducklake_rewrite_data_files}, in one commit. {@link CompactionPlan}
 * picks the bins; each bin's rows are written in the table's sort order (if it has one) into files of about
 * {@code target_file_size}. A merge's new files begin at their sources' first snapshot and keep each row's id and
 * snapshot, so every snapshot reads as before; the old files' rows go and the files are scheduled for deletion. A
 * rewrite writes the live rows of files with many deletes ({@code delete_threshold}) into new files, keeping their
 * row ids; the old files end at the new snapshot, so older snapshots still read them. The new files are in place
 * before the commit names them; a failed commit deletes them.
 */
final class Compaction {

	private static final long DEFAULT_TARGET = 512L * 1024 * 1024;
	/** The smallest file size the extension's writer rotates at. */
	private static final long MINIMUM_TARGET = 4096;

	private final Connection d;
	private final Attached a;
	private final boolean rewrite;
	private final long sessionTarget;
	private final Writes writes;
	private final Path staging;
	private final List<Path> placed = new ArrayList<>();
	private final Map<Long, CatalogAt> atBegin = new HashMap<>();

	Compaction(DuckLakeKind kind, Connection d, Attached a, boolean rewrite) throws EngineException {
		this.d = d;
		this.a = a;
		this.rewrite = rewrite;
		this.sessionTarget = kind.targetFileSize();
		this.staging = kind.staging();
		this.writes = new Writes(d, staging);
	}

	/** The extension's rows: per bin compacted, its schema, table, files read and files written. */
	List<String> run(String tableName, Map<String, String> named) throws EngineException, DuckLakeException,
			SQLException {
		long maxBins = positive(named, "max_compacted_files", Long.MAX_VALUE);
		Long min = named.containsKey("min_file_size") ? nonNull(named, "min_file_size") : null;
		Long max = named.containsKey("max_file_size") ? positive(named, "max_file_size", 0) : null;
		if (min != null && max != null && min >= max) {
			throw new EngineException(Kind.FAILED, "Binder Error: The min_file_size must be less than max_file_size.");
		}
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
		List<String> rows = new ArrayList<>();
		try {
			for (TableEntry t : tables) {
				Map<String, String> options = TableOptions.of(a, t);
				if (!"true".equalsIgnoreCase(options.getOrDefault("auto_compact", "true"))) {
					continue;
				}
				SchemaEntry s = cat.schemaOf(t).orElseThrow();
				long target = sessionTarget > 0 ? sessionTarget
						: options.get("target_file_size") == null || options.get("target_file_size").isBlank()
								? DEFAULT_TARGET
								: Maintenance.bytes(options.get("target_file_size"));
				List<int[]> done = rewrite ? rewrite(c, cat, s, t, target, threshold(named, options), maxBins)
						: merge(c, cat, s, t, target, new CompactionPlan.SizeFilter(min, max), maxBins);
				for (int[] counts : done) {
					rows.add("(" + Sql.string(s.name()) + ", " + Sql.string(t.name()) + ", " + counts[0] + ", "
							+ counts[1] + ")");
				}
			}
			if (!c.isEmpty()) {
				ColumnStatsCommit.collect(a.catalog.store(), c, cat);
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

	private List<int[]> merge(Commit c, CatalogAt cat, SchemaEntry s, TableEntry t, long target,
			CompactionPlan.SizeFilter filter, long maxBins) throws DuckLakeException, SQLException, IOException {
		Map<Long, FileLineage> lineage = Lineage.of(a.catalog.store(), t.id());
		Map<Long, FilePartition> partitions = a.catalog.store().filePartitions(t.id());
		List<ColumnEntry> latest = cat.columns(t.id());
		List<ReadPlan.Part> parts = ReadPlan.of(a.catalog.store(), c.base(), null, t.id()).parts();
		List<CompactionPlan.Bin> bins = CompactionPlan.merge(parts, lineage, partitions, Inlining.fileDeletes(a, c.base(), null, t.id()).keySet(), latest,
				columnsAt(t.id(), parts), target, filter, maxBins);
		List<int[]> out = new ArrayList<>();
		for (CompactionPlan.Bin bin : bins) {
			List<ColumnEntry> cols = bin.latestSchema() ? latest : columnsAt(t.id(), bin.files().get(0).data().beginSnapshot());
			out.add(new int[] { bin.files().size(), write(c, s, t, bin, cols, lineage, Map.of(), target, false) });
		}
		if (!out.isEmpty()) {
			c.changes.add("merge_adjacent:" + t.id());
		}
		return out;
	}

	private List<int[]> rewrite(Commit c, CatalogAt cat, SchemaEntry s, TableEntry t, long target, double threshold,
			long maxBins) throws DuckLakeException, SQLException, IOException {
		Map<Long, FileLineage> lineage = Lineage.of(a.catalog.store(), t.id());
		Map<Long, java.util.Set<Long>> inlined = Inlining.fileDeletes(a, c.base(), null, t.id());
		List<ReadPlan.Part> heavy = new ArrayList<>();
		Map<Long, Long> deleted = new HashMap<>();
		for (ReadPlan.Part p : ReadPlan.of(a.catalog.store(), c.base(), null, t.id()).parts()) {
			long n = p.data().recordCount();
			long gone = (p.deletes() == null ? 0 : p.deletes().deleteCount())
					+ inlined.getOrDefault(p.data().id(), java.util.Set.of()).size();
			if (gone > 0 && (n == 0 || (double) gone / n >= threshold)) {
				heavy.add(p);
				deleted.put(p.data().id(), gone);
			}
		}
		List<int[]> out = new ArrayList<>();
		List<ColumnEntry> cols = cat.columns(t.id());
		for (CompactionPlan.Bin bin : CompactionPlan.rewrite(heavy, lineage, a.catalog.store().filePartitions(t.id()),
				deleted, columnsAt(t.id(), heavy), target, maxBins)) {
			out.add(new int[] { bin.files().size(), write(c, s, t, bin, cols, lineage, inlined, target, true) });
		}
		if (!out.isEmpty()) {
			c.changes.add("rewrite_delete:" + t.id());
		}
		return out;
	}

	/**
	 * Writes the bin's rows in place of its files, in files of about {@code target} bytes when their rows carry their
	 * ids (one file when the ids follow from the position); returns how many files it wrote.
	 */
	private int write(Commit c, SchemaEntry s, TableEntry t, CompactionPlan.Bin bin, List<ColumnEntry> cols,
			Map<Long, FileLineage> lineage, Map<Long, java.util.Set<Long>> inlinedDeletes, long target,
			boolean rewriting) throws DuckLakeException, SQLException, IOException {
		List<ReadPlan.Part> files = bin.files();
		long first = Long.MAX_VALUE;
		long last = Long.MIN_VALUE;
		java.util.Optional<io.lakestudio.ducklake.SortSpec> sort = a.catalog.store().sorting(t.id(), c.base().id())
				.filter(x -> !x.none());
		// one run of row ids from the first file on, kept in order: the merged file's position says each row's id
		boolean positional = !rewriting && sort.isEmpty();
		long next = -1;
		for (ReadPlan.Part p : files) {
			FileLineage l = lineage.get(p.data().id());
			first = Math.min(first, p.data().beginSnapshot());
			last = Math.max(last, l != null && l.partialMax() != null ? l.partialMax() : p.data().beginSnapshot());
			Long start = CompactionPlan.rowIdStart(p, lineage);
			positional &= start != null && (next < 0 || start == next);
			next = start == null ? -1 : start + p.data().recordCount();
		}
		boolean snapshots = !rewriting && first != last;
		List<String> select = new ArrayList<>();
		List<String> ids = new ArrayList<>();
		for (ColumnEntry col : cols) {
			select.add(Sql.ident(col.name()) + "::" + NestedTypes.duckType(col) + " AS " + Sql.ident(col.name()));
			ids.add(NestedColumns.fieldIds(col));
		}
		if (!positional) {
			select.add(FileRows.ROW_ID + " AS " + FileLineage.ROW_ID_COLUMN);
			ids.add(FileLineage.ROW_ID_COLUMN + ": " + FileLineage.ROW_ID_FIELD);
		}
		if (snapshots) {
			// a row is seen from its snapshot, but not before its file began: a flushed file's rows keep the
			// snapshots that inlined them, and their inlined copies are what a read before the flush sees
			List<String> begins = new ArrayList<>();
			files.forEach(p -> begins.add(" WHEN " + p.data().id() + " THEN " + p.data().beginSnapshot()));
			select.add("greatest(" + FileRows.SNAPSHOT + ", CASE " + Views.FILE + String.join("", begins) + " END) AS "
					+ FileLineage.SNAPSHOT_ID_COLUMN);
			ids.add(FileLineage.SNAPSHOT_ID_COLUMN + ": " + FileLineage.SNAPSHOT_ID_FIELD);
		}
		String rows = FileRows.select(d, a, s, t, cols, files, lineage, rewriting, null);
		List<String> gone = Inlining.deleteRows(inlinedDeletes, files.stream().map(p -> p.data().id()).toList());
		if (!gone.isEmpty()) {
			rows = "SELECT * FROM (" + rows + ") WHERE (" + Views.FILE + ", " + Views.POS + ") NOT IN (VALUES "
					+ String.join(", ", gone) + ")";
		}
		List<String> order = new ArrayList<>();
		for (io.lakestudio.ducklake.SortSpec.Key k : sort.map(x -> x.keys()).orElse(List.of())) {
			order.add(k.expression() + " " + k.direction() + " " + k.nullOrder().replace('_', ' '));
		}
		order.add(FileRows.ROW_ID);
		String query = "SELECT " + String.join(", ", select) + " FROM (" + rows + ") ORDER BY " + String.join(", ",
				order);
		String options = ParquetOptions.of(a, t);
		if (!positional) {
			// files rotate at row groups: cut them as the extension's writer does
			List<Long> vectors = RewriteRowGroups.vectors(d, a, s, t, files, rows);
			if (sort.isPresent()) {
				vectors = RewriteRowGroups.sortedVectors(vectors.stream().mapToLong(Long::longValue).sum());
			}
			options = ParquetOptions.of(a, t, RewriteRowGroups.copyRowGroupSize(vectors, ParquetOptions.rowGroupRows(a, t)));
		}
		List<TargetFiles.Written> staged = TargetFiles.write(d, staging, query, "FIELD_IDS {" + String.join(", ",
				ids) + "}" + options, positional ? 0 : Math.max(target, MINIMUM_TARGET));
		long removed = 0;
		for (ReadPlan.Part p : files) {
			removed += p.data().fileSizeBytes();
			if (rewriting) {
				c.endedDataFiles.add(p.data().id());
				if (p.deletes() != null) {
					c.endedDeleteFiles.add(p.deletes().id());
				}
			} else {
				String path = p.data().relative() ? s.path() + t.path() + p.data().path() : p.data().path();
				c.removedDataFiles.add(new ScheduledFile(p.data().id(), path, p.data().relative(), Instant.now()));
			}
		}
		c.compactedTables.add(t.id());
		String dir = folder(files.get(0));
		long added = 0;
		long start = positional ? CompactionPlan.rowIdStart(files.get(0), lineage) : 0;
		int written = 0;
		for (TargetFiles.Written w : staged) {
			Path file = w.path();
			long count = w.rows();
			if (count == 0) {
				Files.deleteIfExists(file);
				continue;
			}
			List<ColumnStats> stats = writes.stats(file, cols, w.writerStats());
			List<VariantStats> variants = VariantFileStats.of(d, Sql.string(file.toString()), cols);
			long size = Files.size(file);
			long footer = w.footerSize();
			long groups = w.rowGroups();
			String name = dir + file.getFileName();
			Path to = Path.of(a.catalog.resolve(s, t, name, true));
			Files.createDirectories(to.getParent());
			try {
				Files.move(file, to, StandardCopyOption.ATOMIC_MOVE);
			} catch (IOException e) {
				Files.move(file, to);
			}
			placed.add(to);
			long id = c.fileId();
			c.newDataFiles.add(new DataFile(id, t.id(), 0, name, true, count, size, footer, start, stats));
			c.rowGroups.put(id, groups);
			c.variantStats.put(id, variants);
			c.lineage.put(id, new FileLineage(id, rewriting ? null : first, positional ? start : null,
					snapshots ? last : null));
			if (bin.partition() != null) {
				c.filePartitions.put(id, bin.partition());
			}
			added += size;
			written++;
		}
		TableStats before = c.tableStats.get(t.id());
		if (before == null) {
			before = a.catalog.store().tableStats(t.id()).orElse(new TableStats(t.id(), 0, 0, 0));
			c.baseStats.putIfAbsent(t.id(), before);
		}
		c.tableStats.put(t.id(), new TableStats(t.id(), before.recordCount(), before.nextRowId(),
				Math.max(0, before.fileSizeBytes() - removed + added)));
		return written;
	}

	/** The folder of a file under its table's ("" or ending in /): a partition's files stay in its folder. */
	private static String folder(ReadPlan.Part p) {
		String path = p.data().path();
		int slash = path.lastIndexOf('/');
		return p.data().relative() && slash >= 0 ? path.substring(0, slash + 1) : "";
	}

	/** The table's columns when each of {@code parts} began (an expired snapshot's rows are read by id all the same). */
	private Map<Long, List<ColumnEntry>> columnsAt(long tableId, List<ReadPlan.Part> parts) throws DuckLakeException {
		Map<Long, List<ColumnEntry>> out = new HashMap<>();
		for (ReadPlan.Part p : parts) {
			long begin = p.data().beginSnapshot();
			if (!out.containsKey(begin)) {
				out.put(begin, columnsAt(tableId, begin));
			}
		}
		return out;
	}

	private List<ColumnEntry> columnsAt(long tableId, long snapshot) throws DuckLakeException {
		CatalogAt cat = atBegin.get(snapshot);
		if (cat == null) {
			cat = a.catalog.store().at(new Snapshot(snapshot, Instant.EPOCH, 0, 0, 0, null, null, null));
			atBegin.put(snapshot, cat);
		}
		return cat.columns(tableId);
	}

	/** A named size or count: NULL refused; with {@code dflt} 0, zero refused too (as the extension words it). */
	private static long positive(Map<String, String> named, String key, long dflt) throws EngineException {
		if (!named.containsKey(key)) {
			return dflt;
		}
		long v = nonNull(named, key);
		if (v == 0) {
			throw new EngineException(Kind.FAILED, "Binder Error: The " + key + " option must be greater than zero.");
		}
		return v;
	}

	private static long nonNull(Map<String, String> named, String key) throws EngineException {
		String v = named.get(key);
		if (v == null) {
			throw new EngineException(Kind.FAILED, "Binder Error: The " + key + " option must be a non-null integer.");
		}
		long n;
		try {
			n = Long.parseLong(v.strip());
		} catch (NumberFormatException e) {
			n = Maintenance.bytes(v);
		}
		if (n < 0) {
			throw new EngineException(Kind.FAILED, "Conversion Error: Type INT32 with value " + n
					+ " can't be cast to the destination type UBIGINT");
		}
		return n;
	}

	/** The call's delete_threshold, else the table's (schema's, catalog's) rewrite_delete_threshold, else 0.95. */
	private static double threshold(Map<String, String> named, Map<String, String> options) throws EngineException {
		String v = named.containsKey("delete_threshold") ? named.get("delete_threshold")
				: options.get("rewrite_delete_threshold");
		double t = v == null || v.isBlank() ? 0.95 : Double.parseDouble(v);
		if (t < 0 || t > 1) {
			throw new EngineException(Kind.FAILED, "Binder Error: The delete_threshold option must be between 0 and 1");
		}
		return t;
	}
}
