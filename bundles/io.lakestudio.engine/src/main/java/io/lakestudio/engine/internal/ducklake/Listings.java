package io.lakestudio.engine.internal.ducklake;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.SchemaEntry;
import io.lakestudio.engine.internal.Sql;

/**
 * DuckDB's {@code duckdb_databases()}, {@code duckdb_schemas()} and {@code information_schema.schemata} while DuckLake catalogs are attached: the kind's
 * DuckDB's own rows (its in-memory databases, which name no file) and a row per attached catalog and per schema
 * it shows this session. A catalog's row says what the extension's does: its data path as the tag
 * {@code data_path} (which the catalog's own {@code ducklake_metadata} holds too), never the metadata file's path.
 */
final class Listings {

	static final String DUCKDB_DATABASES = "__dl_fn_duckdb_databases";
	static final String DUCKDB_SCHEMAS = "__dl_fn_duckdb_schemas";
	static final String SCHEMATA = "__dl_fn_information_schema_schemata";

	private Listings() {
	}

	static String databases(Connection d, Iterable<Attached> attached) throws SQLException {
		List<String> rows = new ArrayList<>();
		for (Attached a : attached) {
			rows.add("(" + Sql.string(a.name) + ", MAP {'data_path': " + Sql.string(a.catalog.dataPath())
					+ "}, 'ducklake', " + a.catalog.readOnly() + ")");
			if (explicitMetadata(a)) {
				// METADATA_CATALOG named: the extension shows the metadata database too (a default name it hides)
				rows.add("(" + Sql.string(a.metadataName) + ", MAP {}::MAP(VARCHAR, VARCHAR), 'duckdb', true)");
			}
		}
		try (Statement s = d.createStatement()) {
			s.execute("CREATE OR REPLACE TEMP TABLE " + DUCKDB_DATABASES + " AS SELECT * FROM duckdb_databases()");
			if (!rows.isEmpty()) {
				s.execute("INSERT INTO " + DUCKDB_DATABASES + " BY NAME SELECT *, NULL AS path, false AS internal,"
						+ " false AS encrypted FROM (VALUES " + String.join(", ", rows) + ") t(database_name, tags, type,"
						+ " readonly)");
			}
		}
		return DUCKDB_DATABASES;
	}

	static String schemas(Connection d, Iterable<Attached> attached) throws SQLException, DuckLakeException {
		List<String> rows = new ArrayList<>();
		for (Attached a : attached) {
			for (SchemaEntry s : a.view().schemas()) {
				rows.add("(" + Sql.string(a.name) + ", " + Sql.string(s.name()) + ", " + s.id() + ")");
			}
		}
		try (Statement s = d.createStatement()) {
			s.execute("CREATE OR REPLACE TEMP TABLE " + DUCKDB_SCHEMAS + " AS SELECT * FROM duckdb_schemas()");
			if (!rows.isEmpty()) {
				s.execute("INSERT INTO " + DUCKDB_SCHEMAS + " BY NAME SELECT *, MAP {} :: MAP(VARCHAR, VARCHAR) AS tags,"
						+ " false AS internal FROM (VALUES " + String.join(", ", rows) + ") t(database_name, schema_name,"
						+ " oid)");
			}
		}
		return DUCKDB_SCHEMAS;
	}

	/** {@code information_schema.schemata}: DuckDB's own rows and each attached catalog's schemas. */
	static String schemata(Connection d, Iterable<Attached> attached) throws SQLException, DuckLakeException {
		List<String> rows = new ArrayList<>();
		for (Attached a : attached) {
			for (SchemaEntry s : a.view().schemas()) {
				rows.add("(" + Sql.string(a.name) + ", " + Sql.string(s.name()) + ")");
			}
		}
		try (Statement s = d.createStatement()) {
			s.execute("CREATE OR REPLACE TEMP TABLE " + SCHEMATA + " AS SELECT * FROM information_schema.schemata");
			if (!rows.isEmpty()) {
				s.execute("INSERT INTO " + SCHEMATA + " BY NAME SELECT *, 'duckdb' AS schema_owner FROM (VALUES "
						+ String.join(", ", rows) + ") t(catalog_name, schema_name)");
			}
		}
		return SCHEMATA;
	}

	/** Whether the attachment named its metadata catalog (METADATA_CATALOG), so the extension lists it. */
	static boolean explicitMetadata(Attached a) {
		return !a.metadataName.equals("__ducklake_metadata_" + a.name);
	}
}
