package io.lakestudio.engine.internal.ducklake;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.ColumnStats;
import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.FilePartition;
import io.lakestudio.ducklake.NestedTypes;
import io.lakestudio.ducklake.PartitionSpec;
import io.lakestudio.ducklake.ReadPlan;
import io.lakestudio.ducklake.Snapshot;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.engine.internal.Pruning;

/**
 * Choosing a DuckLake table's files for a query before DuckDB opens any: the simple conjuncts of the WHERE that
 * filters the table alone ({@link Pruning}, as the Delta path uses them) against each file's identity partition
 * values, under the partitioning the file was written with (a file written before the table was partitioned, or
 * under another key, keeps its place), else against the file's column stats ({@code ducklake_file_column_stats}:
 * min, max, null and value counts), as the extension prunes: a file with no stats of a column keeps its place.
 */
final class PartitionPruning {

	private PartitionPruning() {
	}

	/** The ids of the files that may hold matching rows, or null when that is all of them. */
	static Set<Long> keep(Attached a, CatalogAt cat, TableEntry t, Snapshot at, Commit pending, Rewriter.Filter f)
			throws DuckLakeException {
		Map<Long, FilePartition> partitions = new HashMap<>(a.catalog.store().filePartitions(t.id()));
		Map<Long, PartitionSpec> specs = new HashMap<>(a.catalog.store().partitionings(t.id()));
		if (pending != null) {
			partitions.putAll(pending.filePartitions);
			pending.partitionings.values().forEach(s -> specs.put(s.id(), s));
		}
		List<Pruning.Col> cols = new ArrayList<>();
		Map<String, Long> ids = new HashMap<>();
		Map<Long, String> types = new HashMap<>();
		for (ColumnEntry c : cat.columns(t.id())) {
			// a nested column has no kind: never pruned on
			cols.add(new Pruning.Col(c.name(), kind(NestedTypes.duckType(c))));
			ids.put(c.name(), c.id());
			types.put(c.id(), NestedTypes.duckType(c));
		}
		List<Pruning.Predicate> preds = Pruning.predicates(f.where(), cols, f.names());
		if (preds.isEmpty()) {
			return null;
		}
		List<ReadPlan.Part> parts = ReadPlan.of(a.catalog.store(), at, pending, t.id()).parts();
		Map<Long, List<ColumnStats>> stats = new HashMap<>(a.catalog.store().fileColumnStats(t.id()));
		parts.stream().filter(p -> !p.data().stats().isEmpty()).forEach(p -> stats.put(p.data().id(), p.data()
				.stats())); // a transaction's own files carry theirs
		List<ReadPlan.Part> kept = Pruning.choose(parts, preds, p -> ranges(partitions.get(p.data().id()), specs,
				ids, stats.getOrDefault(p.data().id(), List.of()))).stream().filter(p -> bucketsMayMatch(partitions.get(
						p.data().id()), specs, ids, types, preds)).toList();
		if (kept.size() == parts.size()) {
			return null;
		}
		Set<Long> out = new HashSet<>();
		kept.forEach(p -> out.add(p.data().id()));
		return out;
	}

	/** What a file's partition says of a column: its identity value, else what the file's stats say. */
	private static Function<Pruning.Col, Pruning.Range> ranges(FilePartition fp, Map<Long, PartitionSpec> specs,
			Map<String, Long> ids, List<ColumnStats> stats) {
		PartitionSpec spec = fp == null ? null : specs.get(fp.partitionId());
		return col -> {
			Long id = ids.get(col.name());
			if (spec == null) {
				return statsRange(stats, id, col.kind());
			}
			for (PartitionSpec.Key k : spec.keys()) {
				if (id != null && k.columnId() == id && k.transform().equals("identity") && k.index() < fp.values()
						.size()) {
					String v = fp.values().get(k.index());
					if (v == null) {
						return Pruning.Range.NULL;
					}
					Comparable<Object> typed = Pruning.typed(v, col.kind());
					return typed == null ? Pruning.Range.UNKNOWN : Pruning.Range.exactly(typed);
				}
			}
			return statsRange(stats, id, col.kind());
		};
	}

	/**
	 * Whether a file's bucket partition values leave room for the predicates: {@code col = c} and
	 * {@code col IN (...)} hash their constants into the bucket of each bucket key on the column, as the extension
	 * prunes them; a range can't be told from a hash, so it keeps the file.
	 */
	private static boolean bucketsMayMatch(FilePartition fp, Map<Long, PartitionSpec> specs, Map<String, Long> ids,
			Map<Long, String> types, List<Pruning.Predicate> preds) {
		PartitionSpec spec = fp == null ? null : specs.get(fp.partitionId());
		if (spec == null) {
			return true;
		}
		for (PartitionSpec.Key k : spec.keys()) {
			Integer n = Buckets.count(k.transform());
			if (n == null || k.index() >= fp.values().size()) {
				continue;
			}
			String value = fp.values().get(k.index());
			for (Pruning.Predicate p : preds) {
				Long id = ids.get(p.column().name());
				if (id == null || id != k.columnId() || !(p.op().equals("=") || p.op().equals("IN"))) {
					continue;
				}
				if (value == null) {
					return false; // only NULLs in the column: no comparison holds
				}
				boolean hit = false;
				for (Comparable<Object> c : p.op().equals("=") ? List.of(p.a()) : p.values()) {
					Integer b = Buckets.of(n, c, ((Object) c) instanceof Pruning.Str s ? s.s() : null, types.get(id));
					hit |= b == null || String.valueOf(b).equals(value);
				}
				if (!hit) {
					return false;
				}
			}
		}
		return true;
	}

	/** What a file's stats say of a column (nothing known when it has none of it). */
	private static Pruning.Range statsRange(List<ColumnStats> stats, Long id, String kind) {
		for (ColumnStats s : stats) {
			if (id != null && s.columnId() == id) {
				Comparable<Object> max = Pruning.typed(s.max(), kind);
				if ("str".equals(kind) && s.max() != null && s.max().codePointCount(0, s.max().length()) >= 32) {
					max = null; // a long string's max may have been truncated
				}
				return new Pruning.Range(Pruning.typed(s.min(), kind), max, s.valueCount() > 0 && s.nullCount() == s
						.valueCount(), s.nullCount() == 0);
			}
		}
		return Pruning.Range.UNKNOWN;
	}

	/** The kind of comparison pruning makes on a column of {@code duckType}, as the Iceberg path has it. */
	private static String kind(String duckType) {
		return switch (duckType) {
		case "BIGINT", "INTEGER", "SMALLINT", "TINYINT", "UBIGINT", "UINTEGER", "USMALLINT", "UTINYINT", "HUGEINT" -> "num";
		case "VARCHAR" -> "str";
		case "DATE" -> "date";
		default -> duckType.startsWith("DECIMAL(") ? "num" : null;
		};
	}
}
