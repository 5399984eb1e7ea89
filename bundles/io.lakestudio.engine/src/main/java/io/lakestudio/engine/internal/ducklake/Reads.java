package io.lakestudio.engine.internal.ducklake;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.engine.CatalogKind.Answer;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.internal.Sql;

/**
 * Queries while DuckLake catalogs are attached: their DuckLake references rewritten ({@link References}), the
 * rewrite of one that reads only committed snapshots kept by its text and what it depends on.
 */
final class Reads {

	// compiled once: a warm query's whole Java side is a few of these and two map lookups
	private static final java.util.regex.Pattern TRAILING = java.util.regex.Pattern.compile(";+\\s*$");
	private static final java.util.regex.Pattern SHOW_TABLES = java.util.regex.Pattern.compile("(?is)SHOW\\s+TABLES");
	private static final java.util.regex.Pattern SHOW_ALL_TABLES = java.util.regex.Pattern.compile(
			"(?is)\\(\\s*SHOW\\s+ALL\\s+TABLES\\s*\\)");
	private static final java.util.regex.Pattern QUERY = java.util.regex.Pattern.compile(
			"(?is)^(\\(|SELECT\\b|WITH\\b|FROM\\b|VALUES\\b|TABLE\\b|DESCRIBE\\b|DESC\\b|SHOW\\b"
					+ "|SUMMARIZE\\b|EXPLAIN\\b).*");
	private static final java.util.regex.Pattern DESCRIBE_TABLE = java.util.regex.Pattern.compile(
			"(?is)^DESC(?:RIBE)?\\s+(?!(?:SELECT|FROM|WITH|VALUES|TABLE)\\b|\\()(.+)$");
	private static final java.util.regex.Pattern EXPLAIN = java.util.regex.Pattern.compile(
			"(?is)^(EXPLAIN\\s+(?:ANALYZE\\s+)?)(.*)");
	/**
	 * Not kept: which snapshot {@code AT (TIMESTAMP => now() - INTERVAL ...)} names changes as time passes, and
	 * {@code AT (VERSION => getvariable('v'))} when the variable is set again, with no new snapshot in between.
	 */
	private static final java.util.regex.Pattern NOT_KEPT = java.util.regex.Pattern.compile(
			"(?i)TIMESTAMP\\s*=>|getvariable");

	private final DuckLakeKind kind;
	private final KindDuckDb db;
	private final References refs;

	Reads(DuckLakeKind kind, KindDuckDb db, References refs) {
		this.kind = kind;
		this.db = db;
		this.refs = refs;
	}

	/** A query's answer, or null when it is not a query or names nothing DuckLake's (the engine's then). */
	Answer read(String statement) throws EngineException, DuckLakeException, SQLException {
		String sql = TRAILING.matcher(statement.strip()).replaceAll("");
		if (kind.defaultCatalog() != null && SHOW_TABLES.matcher(sql).matches()) {
			return showTables();
		}
		if (!QUERY.matcher(sql).matches()) {
			return null; // not a query: the engine's guard says why it is refused
		}
		// SHOW ALL TABLES inside a query: the listing with the attached catalogs' tables, made anew (never kept)
		boolean shown = SHOW_ALL_TABLES.matcher(sql).find();
		if (shown) {
			String listing = SystemTables.showAllTables(db.connection(), kind.attached(), refs.viewMaker());
			sql = SHOW_ALL_TABLES.matcher(sql).replaceAll("(FROM " + listing + ")");
		}
		java.util.regex.Matcher explain = EXPLAIN.matcher(sql);
		if (explain.matches()) {
			// DuckDB serializes only the query: it is rewritten as any query is, and explained as written
			String folded = MetadataAggregates.answer(kind, explain.group(2));
			Rewriter.Rewritten r = folded != null ? null : rewrite(explain.group(2));
			if (r != null && !r.touched()) {
				return null;
			}
			String text = explain.group(1) + (folded != null ? folded : r.text());
			return kind.upperOperators() ? ExplainCasing.upper(db.connection(), text) : new Answer(db.connection(),
					text, List.of());
		}
		String key = shown || NOT_KEPT.matcher(sql).find() ? null : key(sql);
		String kept = key == null ? null : db.rewrites.get(key);
		if (kept != null) {
			return new Answer(db.connection(), kept, List.of());
		}
		// an answer from the catalog is the snapshot's, kept as a rewrite is (working it out reads every snapshot)
		String folded = MetadataAggregates.answer(kind, sql);
		if (folded != null) {
			keep(key, folded);
			return new Answer(db.connection(), folded, List.of());
		}
		Rewriter.Rewritten r = rewrite(sql);
		java.util.regex.Matcher describe = DESCRIBE_TABLE.matcher(sql);
		if (r.touched() && describe.matches()) {
			return describe(describe.group(1), r.text());
		}
		if (!r.touched() && !shown && !kind.macros().called(sql)) {
			// names nothing DuckLake's: the engine's, unless it reads files the user granted (this DuckDB's alone)
			return refs.readsGrantedFiles() ? new Answer(db.connection(), r.text(), List.of()) : null;
		}
		// kept when it reads only committed snapshots' views (not functions or metadata tables, made anew)
		if (key != null && db.defined.values().stream().map(v -> v.toLowerCase(Locale.ROOT)).collect(
				Collectors.toSet()).containsAll(r.names())) {
			keep(key, r.text());
		}
		return new Answer(db.connection(), r.text(), List.of());
	}

	private void keep(String key, String text) {
		if (key == null) {
			return;
		}
		if (db.rewrites.size() > 256) {
			db.rewrites.clear();
		}
		db.rewrites.put(key, text);
	}

	/**
	 * The query rewritten; the lake tables it names read here only when it names something DuckLake's too (else
	 * the whole query is the engine's, lake tables and all).
	 */
	private Rewriter.Rewritten rewrite(String sql) throws EngineException, DuckLakeException, SQLException {
		LakeJoins lake = refs.lakeTables();
		lake.on(false);
		try {
			Rewriter.Rewritten r = refs.rewrite(sql, null);
			if (!r.touched() || !lake.named()) {
				return r;
			}
			lake.on(true);
			return refs.rewrite(sql, null);
		} finally {
			lake.on(true);
		}
	}

	/**
	 * DESCRIBE of a DuckLake table: DuckDB's of the view it reads through, with the catalog's NOT NULL columns
	 * (a view's columns all say they take nulls).
	 */
	private Answer describe(String name, String rewritten) throws EngineException, DuckLakeException {
		List<String> notNull = new ArrayList<>();
		try {
			DuckLakeKind.Target t = kind.target(new Text(name).qualifiedName());
			if (t != null) {
				CatalogAt cat = t.catalog().view();
				cat.table(t.schema(), t.table()).ifPresent(table -> cat.columns(table.id()).stream()
						.filter(c -> !c.nullsAllowed()).forEach(c -> notNull.add(Sql.string(c.name()))));
			}
		} catch (java.text.ParseException e) {
			// not a plain name: DuckDB's answer as it is
		}
		if (notNull.isEmpty()) {
			return new Answer(db.connection(), rewritten, List.of());
		}
		return new Answer(db.connection(), "SELECT column_name, column_type, CASE WHEN column_name IN ("
				+ String.join(", ", notNull) + ") THEN 'NO' ELSE \"null\" END AS \"null\", \"key\", \"default\", extra FROM ("
				+ rewritten + ")", List.of());
	}

	/** SHOW TABLES: the default catalog's tables in the default schema. */
	private Answer showTables() throws EngineException, DuckLakeException {
		CatalogAt cat = kind.catalog(kind.defaultCatalog()).view();
		List<String> names = new ArrayList<>();
		long schema = cat.schema(kind.defaultSchema()).map(s -> s.id()).orElse(-1L);
		cat.tables().stream().filter(x -> x.schemaId() == schema).forEach(x -> names.add("(" + Sql.string(x.name())
				+ ")"));
		return new Answer(db.connection(), names.isEmpty() ? "SELECT NULL::VARCHAR AS name WHERE false"
				: "SELECT name FROM (VALUES " + String.join(", ", names) + ") t(name) ORDER BY name", List.of());
	}

	/**
	 * What a query's rewrite depends on besides its text: the default catalog and schema and every attached
	 * catalog's snapshot; null (not kept) while a transaction has changes of its own.
	 */
	private String key(String sql) throws DuckLakeException {
		StringBuilder k = new StringBuilder(sql).append('\u0000').append(kind.defaultCatalog()).append('.').append(
				kind.defaultSchema());
		for (Attached a : kind.attached()) {
			if (a.pendingOrNull() != null) {
				return null;
			}
			k.append('\u0000').append(a.name).append('@').append(a.snapshot().id());
		}
		return k.toString();
	}
}
