package io.lakestudio.engine.internal;

import java.util.List;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A statement the guard let through: what kind it is, its parse tree (DuckDB's json_serialize_sql form), the
 * table references in it, and the text to put before the query when it runs ({@code EXPLAIN ANALYZE }, a
 * {@code CREATE TEMP VIEW v AS }).
 */
public record Parsed(Kind kind, ObjectNode tree, List<Ref> refs, String prefix, Integer limit) {

	public enum Kind {
		QUERY(true), EXPLAIN(false), EXPLAIN_ANALYZE(true), DESCRIBE(false), SHOW_TABLES(false), SUMMARIZE(true),
		CREATE_TEMP(true);

		/** Whether it reads the rows of the tables it names (and so counts as a use of them). */
		public final boolean readsRows;

		Kind(boolean readsRows) {
			this.readsRows = readsRows;
		}
	}

	/**
	 * A BASE_TABLE node: {@code parts} are its non-empty catalog, schema and table names; {@code atUnit} and
	 * {@code atValue} its {@code AT (VERSION => n)} / {@code AT (TIMESTAMP => '...')} clause, or null.
	 */
	public record Ref(ObjectNode node, List<String> parts, String atUnit, String atValue) {

		/** The name as written, slash-joined: {@code "Sales/Orders".dbo.invoices} gives Sales/Orders/dbo/invoices. */
		public String joined() {
			return String.join("/", parts);
		}
	}
}
