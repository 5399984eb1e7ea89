package io.lakestudio.engine.internal;

import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import io.lakestudio.delta.ScanFile;

/**
 * Which row groups a statement's Delta table references need ({@link TableReads}): the filters DuckDB's plan pushes
 * into each reference's parquet scan, matched to the references, then checked against each file's footer
 * ({@link RowGroups}). Anything not understood prunes nothing: every row group is fetched.
 */
final class RowGroupChoice {

	/** Plan nodes that may leave a table reference unscanned or scan one twice. */
	private static final Pattern PLAN_NODES_NOT_ONE_SCAN_EACH = Pattern
			.compile("\"name\"\\s*:\\s*\"(EMPTY_RESULT|[A-Z_]*CTE[A-Z_]*)\"");
	/**
	 * The filters DuckDB's plan pushes into the parquet scan of each table reference (in the statement's order), by
	 * statement text (views never change under a name).
	 */
	private final Map<String, List<List<RowGroups.Filter>>> plans = new Lru<>(256);
	private final DiskCache cache;
	private final IcebergReads iceberg;

	RowGroupChoice(DiskCache cache, IcebergReads iceberg) {
		this.cache = cache;
		this.iceberg = iceberg;
	}

	/**
	 * The filters of each table reference's parquet scan in the plan of {@code body}, by reference; empty when
	 * every chunk is held already (no EXPLAIN then), or when the plan is not understood or its scans can't be told
	 * apart: then every row group is fetched.
	 */
	List<List<RowGroups.Filter>> pushed(Connection d, String body, List<TableReads.Pending> pending) {
		if (pending.isEmpty()) {
			return List.of();
		}
		try {
			boolean all = true;
			for (TableReads.Pending p : pending) {
				for (ScanFile f : p.files()) {
					all &= cache.holds(p.table().location() + "/" + f.path(), f.size(), p.physical());
				}
			}
			if (all) {
				return List.of();
			}
			List<List<RowGroups.Filter>> known = plans.get(body);
			if (known != null) {
				return known;
			}
			String plan = PlanScans.plan(d, body);
			List<List<RowGroups.Filter>> out = new ArrayList<>();
			if (pending.size() == 1) {
				out.add(RowGroups.pushed(plan, pending.get(0).declared()));
			} else if (!iceberg.reading() && !PLAN_NODES_NOT_ONE_SCAN_EACH.matcher(plan).find()) {
				// one scan per reference: no Iceberg scans among them, no reference left out of the plan, none
				// scanned twice through a CTE, so that the count of scans is the count of references
				List<PlanScans.Scan> scans = PlanScans.scans(plan);
				int[] match = PlanScans.match(scans, pending.stream().map(TableReads.Pending::physical).toList());
				for (int i = 0; match != null && i < pending.size(); i++) {
					out.add(RowGroups.filters(scans.get(match[i]), pending.get(i).declared()));
				}
			}
			plans.put(body, out);
			return out;
		} catch (SQLException | RuntimeException e) {
			return List.of(); // not understood: every row group is fetched
		}
	}

	/** The row groups of a reference's files that its scan's filters rule out; none if a footer is unreadable. */
	Map<ScanFile, BitSet> skips(TableReads.Pending p, List<RowGroups.Filter> filters) {
		Map<ScanFile, BitSet> out = new HashMap<>();
		if (filters.isEmpty()) {
			return out;
		}
		try {
			for (ScanFile f : p.files()) {
				BitSet b = RowGroups.skipped(cache.footer(p.table().location() + "/" + f.path(), f.size()), filters,
						p.declared());
				if (!b.isEmpty()) {
					out.put(f, b);
				}
			}
		} catch (IOException | RuntimeException e) {
			out.clear();
		}
		return out;
	}
}
