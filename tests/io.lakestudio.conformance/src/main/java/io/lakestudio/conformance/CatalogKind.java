package io.lakestudio.conformance;

import java.util.Locale;

/**
 * The DuckLake catalog database a run is for, as the extension's own CI picks it: the suite's files attach
 * {@code ducklake:${DUCKLAKE_CONNECTION}}, whose default ({@code test-env}) is a DuckDB file; a kind other than
 * that overrides the default, as DuckLake's test configs do ({@code test/configs/sqlite.json}).
 */
public enum CatalogKind {
	/** The metadata in a DuckDB file, the extension's default: each file's own {@code test-env} value. */
	DUCKDB(null),
	/** The metadata in a SQLite file. */
	SQLITE("sqlite:__TEST_DIR__/{BASE_TEST_NAME}.db"),
	/** The metadata in a moraine store: a fresh folder store per file (a KV store over object storage). */
	MORAINE("moraine:__TEST_DIR__/{BASE_TEST_NAME}.moraine");

	private final String connection;

	CatalogKind(String connection) {
		this.connection = connection;
	}

	/** What {@code DUCKLAKE_CONNECTION} becomes for this kind, or null to keep the file's own default. */
	public String connection() {
		return connection;
	}

	public static CatalogKind parse(String s) {
		try {
			return valueOf(s.toUpperCase(Locale.ROOT));
		} catch (IllegalArgumentException e) {
			throw new IllegalArgumentException("--catalog " + s + ": expected sqlite, duckdb or moraine");
		}
	}

	@Override
	public String toString() {
		return name().toLowerCase(Locale.ROOT);
	}
}
