package io.lakestudio.engine.internal.ducklake;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.NestedTypes;
import io.lakestudio.ducklake.ReadPlan;
import io.lakestudio.ducklake.Snapshot;
import io.lakestudio.ducklake.TableColumnStats;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.engine.internal.Sql;

/**
 * {@code SELECT} of nothing but {@code MIN(col)}, {@code MAX(col)} and {@code COUNT(*)} over one DuckLake table at
 * its latest snapshot, answered from the catalog as the extension answers it, no file read: COUNT(*) from its
 * files' record counts less their deletes, with its inlined rows (not once compacted), MIN and MAX from
 * {@code ducklake_table_column_stats} while no delete came since they were last recomputed (a delete doesn't
 * tighten them) and the column's values order exactly (not text or blobs, whose bounds may be cut prefixes). A
 * filter, time travel, the transaction's own changes: read.
 */
final class MetadataAggregates {

	private static final String AGG = "(?:(?:MIN|MAX)\\s*\\(\\s*(?:\"[^\"]+\"|\\w+)\\s*\\)|COUNT\\s*\\(\\s*\\*\\s*\\))";
	private static final Pattern QUERY = Pattern.compile("(?is)^\\s*SELECT\\s+(" + AGG + "(?:\\s*,\\s*" + AGG
			+ ")*)\\s+FROM\\s+((?:\"[^\"]+\"|\\w+)(?:\\s*\\.\\s*(?:\"[^\"]+\"|\\w+)){0,2})\\s*;?\\s*$");
	private static final Pattern ONE = Pattern.compile("(?is)(MIN|MAX|COUNT)\\s*\\(\\s*(\"[^\"]+\"|\\w+|\\*)\\s*\\)");
	/** Types whose stats are the values themselves, ordered as DuckDB orders them. */
	private static final Pattern EXACT = Pattern.compile("u?int\\d+|float\\d+|decimal.*|date|time|timestamp.*|boolean");

	private MetadataAggregates() {
	}

	/** The constant SELECT that answers {@code sql}, or null when it is not one of these or must be read. */
	static String answer(DuckLakeKind kind, String sql) throws DuckLakeException {
		Matcher m = QUERY.matcher(sql);
		if (!m.matches()) {
			return null;
		}
		List<String> parts = new ArrayList<>();
		for (String p : m.group(2).split("\\.")) {
			p = p.strip();
			parts.add(p.startsWith("\"") ? p.substring(1, p.length() - 1) : p);
		}
		DuckLakeKind.Target target = kind.target(parts);
		if (target == null || target.catalog() == null) {
			return null;
		}
		Attached a = target.catalog();
		if (a.snapshot().id() != a.catalog.store().latestId()) {
			return null; // attached at an older snapshot: the stats are the latest's
		}
		if (a.pendingOrNull() != null && !a.pendingOrNull().isEmpty()) {
			return null; // the transaction's own rows: GetTableStats gives none then
		}
		CatalogAt cat = a.view();
		Optional<TableEntry> t = cat.table(target.schema(), target.table());
		if (t.isEmpty()) {
			return null;
		}
		var store = a.catalog.store();
		Optional<io.lakestudio.ducklake.TableStats> rows = store.tableStats(t.get().id());
		Map<Long, TableColumnStats> stats = null;
		boolean[] history = null;
		List<String> select = new ArrayList<>();
		Matcher one = ONE.matcher(m.group(1));
		while (one.find()) {
			String fn = one.group(1).toUpperCase(Locale.ROOT);
			String arg = one.group(2);
			if (history == null) {
				history = history(a, t.get().id());
			}
			if (fn.equals("COUNT")) {
				if (history[1]) {
					return null; // a merged or rewritten file's lineage: its rows are counted by reading
				}
				select.add(liveRows(a, t.get().id()) + "::BIGINT AS \"count_star()\"");
				continue;
			}
			String name = arg.startsWith("\"") ? arg.substring(1, arg.length() - 1) : arg;
			Optional<ColumnEntry> col = cat.column(t.get().id(), name);
			if (col.isEmpty() || !EXACT.matcher(col.get().type()).matches() || rows.isEmpty()
					|| rows.get().recordCount() == 0 || history[0]) {
				return null;
			}
			if (stats == null) {
				stats = store.tableColumnStats(t.get().id());
			}
			TableColumnStats s = stats.get(col.get().id());
			String v = s == null ? null : fn.equals("MIN") ? s.min() : s.max();
			if (v == null) {
				return null;
			}
			select.add("CAST(" + Sql.string(v) + " AS " + NestedTypes.duckType(col.get()) + ") AS " + Sql.ident(
					fn.toLowerCase(Locale.ROOT) + "(" + name + ")"));
		}
		return "SELECT " + String.join(", ", select);
	}

	/** The table's rows now: its files' less their deletes (in files and inlined), and its inlined rows. */
	private static long liveRows(Attached a, long table) throws DuckLakeException {
		Snapshot at = a.snapshot();
		long n = Inlining.rows(a, at, null, table).size();
		for (ReadPlan.Part p : ReadPlan.of(a.catalog.store(), at, null, table).parts()) {
			n += p.data().recordCount() - (p.deletes() == null ? 0 : p.deletes().deleteCount());
		}
		for (java.util.Set<Long> deleted : Inlining.fileDeletes(a, at, null, table).values()) {
			n -= deleted.size();
		}
		return n;
	}

	/**
	 * Whether a delete from the table came after its column stats were last recomputed (by a compaction), and
	 * whether it was ever compacted.
	 */
	private static boolean[] history(Attached a, long table) throws DuckLakeException {
		boolean deleted = false;
		boolean compacted = false;
		for (Snapshot s : a.catalog.store().snapshots()) {
			if (s.id() > a.snapshot().id() || s.changesMade() == null) {
				continue;
			}
			for (String change : s.changesMade().split(",")) {
				int colon = change.indexOf(':');
				if (colon < 0 || !change.substring(colon + 1).equals(Long.toString(table))) {
					continue;
				}
				String what = change.substring(0, colon);
				if (what.equals("deleted_from_table") || what.equals("inlined_delete")) {
					deleted = true;
				} else if (what.equals("rewrite_delete") || what.equals("merge_adjacent")) {
					deleted = false;
					compacted = true;
				}
			}
		}
		return new boolean[] { deleted, compacted };
	}
}
