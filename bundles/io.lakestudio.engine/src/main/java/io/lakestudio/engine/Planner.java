package io.lakestudio.engine;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.TableName;
import io.lakestudio.engine.EngineException.Kind;
import io.lakestudio.engine.internal.CatalogAnswers;
import io.lakestudio.engine.internal.DiskCache;
import io.lakestudio.engine.internal.KeptPlan;
import io.lakestudio.engine.internal.Parsed;
import io.lakestudio.engine.internal.Projection;
import io.lakestudio.engine.internal.Pruning;
import io.lakestudio.engine.internal.Statements;
import io.lakestudio.engine.internal.TableLookup;
import io.lakestudio.engine.internal.TableReads;
import io.lakestudio.mirror.At;

/**
 * Plans a statement for the {@link Engine}: the text DuckDB runs, each table reference pointed at a view over held
 * files or at a catalog answer, or the plan kept from last time when nothing it rests on moved. Used under the
 * engine's lock (one statement at a time), as is its record of whether the last plan was kept.
 */
final class Planner {

	private final EngineConfig config;
	private final Listings listings;
	private final DiskCache cache;
	private final TableReads reads;
	private volatile boolean lastPlanKept;

	Planner(EngineConfig config, Listings listings, DiskCache cache, TableReads reads) {
		this.config = config;
		this.listings = listings;
		this.cache = cache;
		this.reads = reads;
	}

	/** Whether the last statement ran as it was made the time before (see {@link KeptPlan}). */
	boolean lastPlanKept() {
		return lastPlanKept;
	}

	/** The text DuckDB runs: the statement with each table reference pointing at a view or a catalog answer. */
	String plan(Connection d, Statements.Entry entry, boolean fresh, List<String> notices, Set<String> used)
			throws EngineException, SQLException {
		Parsed p = entry.parsed();
		// a query over lake tables alone, online, may run as it was made last time (see KeptPlan)
		boolean keepable = p.kind() == Parsed.Kind.QUERY && !fresh && !config.offline() && config.store() != null
				&& !p.refs().isEmpty() && p.refs().stream().noneMatch(Planner::information);
		// taken before planning: a write meanwhile makes the plan again
		long generation = keepable ? config.catalog().generation() : 0;
		KeptPlan k = entry.kept();
		lastPlanKept = keepable && k != null && k.catalogGeneration() == generation
				&& k.cacheRemovals() == cache.removals() && reads.stillHolds(k);
		if (lastPlanKept) {
			used.addAll(k.used());
			return k.text();
		}
		reads.begin();
		String text = planAnew(d, entry, fresh, notices, used);
		List<KeptPlan.Read> held = reads.held();
		// the removals after: files found gone while planning were fetched again (statements run one at a time)
		entry.keep(keepable && notices.isEmpty() && held.size() == p.refs().size()
				? new KeptPlan(text, Set.copyOf(used), reads.lastFiles(), generation, cache.removals(), held,
						reads.kept(), reads.views())
				: null);
		return text;
	}

	private String planAnew(Connection d, Statements.Entry entry, boolean fresh, List<String> notices,
			Set<String> used) throws EngineException, SQLException {
		Parsed p = entry.parsed();
		if (p.kind() == Parsed.Kind.SHOW_TABLES) {
			return CatalogAnswers.allTables(d, config.catalog());
		}
		if (p.kind() == Parsed.Kind.DESCRIBE && p.refs().size() == 1) {
			Parsed.Ref r = p.refs().get(0);
			if (!information(r)) {
				String answer = CatalogAnswers.describe(d, config.catalog(),
						table(r, new TableLookup(config.catalog(), listings, config.offline())));
				if (answer != null) {
					return answer;
				}
			}
		}
		reads.skipChunks();
		TableLookup lookup = new TableLookup(config.catalog(), listings, config.offline());
		List<String> targets = new ArrayList<>();
		for (Parsed.Ref r : p.refs()) {
			if (information(r)) {
				String t = CatalogAnswers.informationSchema(d, config.catalog(), r.parts().get(1));
				if (t == null) {
					throw new EngineException(Kind.REFUSED, "refused: information_schema." + r.parts().get(1)
							+ " is not answered here; tables, columns and schemata are");
				}
				targets.add(t);
			} else {
				LakeTable t = table(r, lookup);
				Set<String> own = Set.of(r.node().path("table_name").asText().toLowerCase(Locale.ROOT),
						r.node().path("alias").asText().toLowerCase(Locale.ROOT));
				String view = reads.view(d, t, at(r), p.limit(), Pruning.whereOf(p.tree(), r.node()), own,
						entry.columns(), fresh, notices);
				targets.add(view);
				reads.showAs(view, shown(TableName.parse(r.joined())));
				used.add(t.id());
			}
		}
		String body = Statements.rewrite(d, entry, targets);
		if (p.kind().readsRows) {
			// a plain EXPLAIN or DESCRIBE plans over the footers alone
			reads.fetchChunks(d, body, p.kind() == Parsed.Kind.QUERY || p.kind() == Parsed.Kind.EXPLAIN_ANALYZE);
		} else {
			reads.skipChunks();
		}
		return p.prefix() + body;
	}

	private static boolean information(Parsed.Ref r) {
		return r.parts().size() == 2 && r.parts().get(0).equalsIgnoreCase("information_schema");
	}

	/** The catalog's table for a reference, or why there is none. */
	private LakeTable table(Parsed.Ref r, TableLookup lookup) throws EngineException {
		String joined = r.joined();
		int segments = joined.split("/", -1).length;
		if (segments != 3 && segments != 4) {
			throw new EngineException(Kind.REFUSED, "refused: '" + joined + "' is not a lake table; name one as"
					+ " \"workspace/item\".table or \"workspace/item\".schema.table");
		}
		TableName name;
		try {
			name = TableName.parse(joined);
		} catch (IllegalArgumentException e) {
			throw new EngineException(Kind.REFUSED, "refused: '" + joined + "' is not a lake table; name one as"
					+ " \"workspace/item\".table or \"workspace/item\".schema.table");
		}
		return lookup.find(name);
	}

	private static At at(Parsed.Ref r) throws EngineException {
		if (r.atUnit() == null) {
			return At.LATEST;
		}
		try {
			return switch (r.atUnit()) {
			case "VERSION" -> At.version(Long.parseLong(r.atValue()));
			case "TIMESTAMP" -> At.time(Instant.parse(r.atValue().trim().replace(' ', 'T')
					+ (r.atValue().matches(".*([zZ]|[+-]\\d\\d:?\\d\\d)$") ? "" : "Z")));
			default -> throw new EngineException(Kind.FAILED, "AT (" + r.atUnit() + " => ...): use VERSION or TIMESTAMP");
			};
		} catch (RuntimeException e) {
			throw new EngineException(Kind.FAILED, "AT (" + r.atUnit() + " => " + r.atValue() + "): " + e.getMessage());
		}
	}

	/** The columns a statement may read: named in it, or all of them. */
	static Set<String> columns(Parsed p) {
		Set<String> names = new HashSet<>();
		for (Parsed.Ref r : p.refs()) {
			names.add(r.node().path("table_name").asText().toLowerCase(Locale.ROOT));
			names.add(r.node().path("alias").asText().toLowerCase(Locale.ROOT));
		}
		return p.kind() == Parsed.Kind.SUMMARIZE ? Projection.ALL : Projection.columns(p.tree(), names);
	}

	/** A lake table as a statement names it: {@code "workspace/item".[schema.]table}. */
	private static String shown(TableName n) {
		return "\"" + n.workspace() + "/" + n.item() + "\"." + n.schema().map(x -> x + ".").orElse("") + n.table();
	}
}
