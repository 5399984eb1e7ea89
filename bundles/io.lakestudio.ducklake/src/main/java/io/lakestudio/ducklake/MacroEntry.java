package io.lakestudio.ducklake;

import java.util.List;

/**
 * A macro visible at a snapshot ({@code ducklake_macro}) with its implementations ({@code ducklake_macro_impl},
 * one per parameter list: {@code CREATE MACRO m() AS 0, (a) AS a}) and their parameters
 * ({@code ducklake_macro_parameters}). Types are DuckLake's names, {@code unknown} when none was given.
 */
public record MacroEntry(long id, long schemaId, String name, long beginSnapshot, List<Impl> impls) {

	public MacroEntry {
		impls = List.copyOf(impls);
	}

	/** One implementation: its SQL in {@code dialect} (duckdb), {@code type} scalar or table. */
	public record Impl(String dialect, String sql, String type, List<Parameter> parameters) {
		public Impl {
			parameters = List.copyOf(parameters);
		}
	}

	/** A parameter: its name, type, and default (its text and the default's own type), or null. */
	public record Parameter(String name, String type, String defaultValue, String defaultValueType) {
	}

	public boolean table() {
		return !impls.isEmpty() && impls.get(0).type().equals("table");
	}

	/** The same macro under a new id (a commit that moved past catalog ids handed out since it began). */
	public MacroEntry withId(long to) {
		return new MacroEntry(to, schemaId, name, beginSnapshot, impls);
	}
}
