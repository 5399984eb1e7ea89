package io.lakestudio.engine.internal.ducklake;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.Snapshot;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.ducklake.ViewEntry;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;
import io.lakestudio.engine.internal.Guard;
import io.lakestudio.engine.internal.Sql;

/**
 * A query's DuckLake references pointed at what answers them on the kind's DuckDB: a table at a snapshot (a view
 * of its files), a DuckLake view (its SQL rewritten in its own schema), a metadata table, a table function, or a
 * glob inside a data path. What is left must pass the engine's guard.
 */
final class References {

	private final DuckLakeKind kind;
	private final KindDuckDb db;
	/** The file reads the user granted; whether the last rewrite used one. */
	private final GrantedFiles granted;
	private final LakeJoins lakeTables;
	/** While a view's SQL is rewritten for {@code AT (...)}: the unit and value its references are read at. */
	private String[] viewAt;

	References(DuckLakeKind kind, KindDuckDb db, LakeJoins lakeTables) {
		this.kind = kind;
		this.db = db;
		this.lakeTables = lakeTables;
		this.granted = new GrantedFiles(db.files(), this::dataPaths);
	}

	/** The lake tables a rewrite may read here (see {@link LakeJoins#on}). */
	LakeJoins lakeTables() {
		return lakeTables;
	}

	/** Whether the last {@link #rewrite} let by a read of files the user granted. */
	boolean readsGrantedFiles() {
		return granted.used();
	}

	/** Rewrites a query's DuckLake references; {@code fullAlias}: the reference that gets file and position too. */
	Rewriter.Rewritten rewrite(String query, String fullAlias) throws EngineException, DuckLakeException,
			SQLException {
		Connection d = db.connection();
		granted.reset();
		Rewriter.Rewritten r = Rewriter.rewrite(d, query, new Rewriter.Resolver() {
			@Override
			public String table(List<String> parts, String unit, String value, boolean full)
					throws EngineException, DuckLakeException, SQLException {
				return view(d, parts, unit, value, full, null, false);
			}

			@Override
			public String table(List<String> parts, String unit, String value, boolean full, boolean rowId)
					throws EngineException, DuckLakeException, SQLException {
				return view(d, parts, unit, value, full, null, rowId);
			}

			@Override
			public String table(List<String> parts, String unit, String value, boolean full, Rewriter.Filter filter,
					boolean rowId) throws EngineException, DuckLakeException, SQLException {
				return view(d, parts, unit, value, full, filter, rowId);
			}

			@Override
			public void scalar(String catalog, String schema, String name) throws EngineException {
				String lake = catalog.isEmpty() ? schema : catalog;
				if (!lake.isEmpty() && kind.catalog(lake) != null && !kind.macros().isScalarMacro(name)) {
					throw new EngineException(Kind.FAILED, "Catalog Error: Scalar Function with name " + name
							+ " does not exist!");
				}
			}

			@Override
			public boolean claims(String name) {
				return kind.macros().isTableMacro(name);
			}

			@Override
			public String function(String name, List<String> args, Map<String, String> named)
					throws EngineException, DuckLakeException, SQLException {
				if (kind.macros().isTableMacro(name)) {
					return kind.macros().tableCall(d, name, args, named);
				}
				if (name.equals("glob")) {
					return glob(d, args);
				}
				if (Rewriter.SYSTEM_LISTINGS.contains(name)) {
					return args.isEmpty() ? listing(d, name) : null;
				}
				Attached a = args.isEmpty() || args.get(0) == null ? null : kind.catalog(args.get(0));
				if (a == null && !args.isEmpty() && args.get(0) == null && kind.defaultCatalog() != null) {
					a = kind.catalog(kind.defaultCatalog()); // snapshots() and the like of the catalog in USE
					args = new java.util.ArrayList<>(args);
					args.set(0, a.name);
				}
				if (a == null) {
					throw new EngineException(Kind.FAILED, "Catalog Error: " + name + ": no attached DuckLake catalog "
							+ (args.isEmpty() ? "named" : "'" + args.get(0) + "'"));
				}
				if (MoraineFunctions.handles(name)) {
					return MoraineFunctions.answer(d, name, a, args);
				}
				String m = Maintenance.answer(kind, d, name, a, args, named);
				return m != null ? m : Functions.answer(d, name, a, args, named);
			}

			@Override
			public String schemaOf(String catalog) {
				return catalog == null || catalog.equalsIgnoreCase(kind.defaultCatalog()) ? kind.defaultSchema()
						: "main";
			}

			@Override
			public String current(boolean catalog) {
				return kind.defaultCatalog() == null ? null : catalog ? kind.defaultCatalog() : kind.defaultSchema();
			}

			@Override
			public com.fasterxml.jackson.databind.JsonNode constant(com.fasterxml.jackson.databind.JsonNode e)
					throws EngineException, SQLException {
				return Variables.constant(d, e);
			}

			@Override
			public String evaluate(com.fasterxml.jackson.databind.JsonNode expression) throws EngineException,
					SQLException {
				return Maintenance.evaluate(d, expression);
			}
		}, fullAlias);
		// what is left must pass the engine's guard, whether or not it named DuckLake tables
		Guard.parse(d, r.text(), r.parsed(), withViews(r.names()), granted);
		return r;
	}

	/**
	 * {@code glob(pattern)} inside an attached catalog's data path (what files a table has): listed on this kind's
	 * DuckDB into a temp table; anywhere else it is left to the guard, which refuses it.
	 */
	private String glob(Connection d, List<String> args) throws SQLException {
		if (args.size() != 1 || args.get(0) == null || args.get(0).contains("..")) {
			return null;
		}
		String pattern = Path.of(args.get(0)).toAbsolutePath().normalize().toString();
		for (Attached a : kind.attached()) {
			if (pattern.startsWith(Path.of(a.catalog.dataPath()).toAbsolutePath().normalize() + "/")) {
				String name = "__dl_glob";
				try (java.sql.Statement s = d.createStatement()) {
					s.execute("CREATE OR REPLACE TEMP TABLE " + name + " AS SELECT * FROM glob(" + Sql.string(pattern)
							+ ")");
				}
				return name;
			}
		}
		return null;
	}

	/**
	 * {@code FROM '<file or glob>'} (DuckDB's replacement scan) inside a folder the user granted: a temp view of
	 * read_parquet / read_csv / read_json over it; null when it is not granted (the guard refuses it then).
	 */
	private String fileView(Connection d, String path) throws EngineException, SQLException {
		String abs = db.files().granted(path);
		if (abs == null) {
			return null;
		}
		String reader = abs.endsWith(".csv") ? "read_csv" : abs.endsWith(".json") ? "read_json" : "read_parquet";
		String name = "__dl_file_" + Integer.toHexString(abs.hashCode());
		try (java.sql.Statement s = d.createStatement()) {
			s.execute("CREATE OR REPLACE TEMP VIEW " + name + " AS SELECT * FROM " + reader + "(" + Sql.string(abs) + ")");
		}
		return name;
	}

	/** The attached catalogs' data paths on this machine (not those in an object store). */
	private List<Path> dataPaths() {
		List<Path> out = new java.util.ArrayList<>();
		for (Attached a : kind.attached()) {
			if (!a.catalog.dataPath().matches("^[a-z0-9]+://.*")) {
				out.add(FileAccess.folder(Path.of(a.catalog.dataPath())));
			}
		}
		return out;
	}

	/** A listing of DuckDB's ({@link Rewriter#SYSTEM_LISTINGS}) with the attached catalogs' rows. */
	private String listing(Connection d, String name) throws SQLException, DuckLakeException {
		return switch (name) {
		case "duckdb_tables" -> SystemTables.duckdbTables(d, kind.attached());
		case "duckdb_views" -> CommentTables.duckdbViews(d, kind.attached());
		case "duckdb_columns" -> CommentTables.duckdbColumns(d, kind.attached(), viewMaker(d));
		case "duckdb_schemas" -> Listings.schemas(d, kind.attached());
		default -> Listings.databases(d, kind.attached());
		};
	}

	/** {@code FROM duckdb_views}: DuckDB's view of the listing, so with the attached catalogs' rows too. */
	/** Whether the kind's DuckDB has a table or view of that name (a statement's own scratch tables). */
	private static boolean onDuckDb(Connection d, String name) throws SQLException {
		try (java.sql.PreparedStatement s = d.prepareStatement("SELECT 1 FROM information_schema.tables"
				+ " WHERE lower(table_name) = lower(?)")) {
			s.setString(1, name);
			try (java.sql.ResultSet r = s.executeQuery()) {
				return r.next();
			}
		}
	}

	private String systemView(Connection d, List<String> parts, String unit) throws SQLException,
			DuckLakeException {
		String name = parts.get(parts.size() - 1).toLowerCase(Locale.ROOT);
		return parts.size() == 1 && unit == null && Rewriter.SYSTEM_LISTINGS.contains(name) ? listing(d, name) : null;
	}

	private Set<String> withViews(Set<String> names) {
		Set<String> all = new HashSet<>(names);
		all.addAll(db.temps);
		for (String n : names) {
			all.add(n + "_all");
		}
		return all;
	}

	/**
	 * The listing {@code information_schema.<name>} (or {@code system.information_schema.<name>}, DuckDB's
	 * system catalog) names, lower case; null for any other reference.
	 */
	private static String information(List<String> parts, String unit) {
		int n = parts.size();
		if (unit != null || n < 2 || n > 3 || !parts.get(n - 2).equalsIgnoreCase("information_schema")
				|| (n == 3 && !parts.get(0).equalsIgnoreCase("system"))) {
			return null;
		}
		return parts.get(n - 1).toLowerCase(Locale.ROOT);
	}

	/** Makes the temp view a DuckLake view is read through, so that DuckDB binds its columns. */
	private SystemTables.ViewMaker viewMaker(Connection d) {
		return (a, schema, name) -> view(d, List.of(a.name, schema, name), null, null, false, null, false);
	}

	/** The same, on the kind's DuckDB. */
	SystemTables.ViewMaker viewMaker() throws EngineException {
		return viewMaker(db.connection());
	}

	/** The name on the kind's DuckDB that answers a table reference, or null when it is not DuckLake's. */
	private String view(Connection d, List<String> parts, String unit, String value, boolean full,
			Rewriter.Filter filter, boolean rowId) throws EngineException, DuckLakeException, SQLException {
		if (parts.size() == 1 && db.temps.contains(parts.get(0).toLowerCase(Locale.ROOT))) {
			return parts.get(0); // the session's own temp table, on this DuckDB
		}
		if (parts.size() == 1 && unit == null && parts.get(0).matches("(?s).*(/|\\.(parquet|csv|json)$).*")) {
			String file = fileView(d, parts.get(0));
			if (file != null) {
				return file;
			}
		}
		String information = information(parts, unit);
		if (information != null) {
			switch (information) {
			case "tables":
				return SystemTables.informationSchemaTables(d, kind.attached());
			case "columns":
				return SystemTables.informationSchemaColumns(d, kind.attached(), viewMaker(d));
			case "schemata":
				return Listings.schemata(d, kind.attached());
			default:
				break;
			}
		}
		if (parts.size() >= 2) {
			for (Attached a : kind.attached()) {
				if (parts.get(0).equalsIgnoreCase(a.metadataName)) {
					String m = MetadataTables.define(d, a, parts.get(parts.size() - 1).toLowerCase(Locale.ROOT));
					if (m == null) {
						throw new EngineException(Kind.FAILED, "Catalog Error: Table with name "
								+ parts.get(parts.size() - 1) + " does not exist!");
					}
					return m;
				}
			}
		}
		DuckLakeKind.Target t = kind.target(parts);
		if (t == null) {
			String system = systemView(d, parts, unit);
			return system != null ? system : lakeTables.view(d, parts, unit, value);
		}
		if (unit == null && viewAt != null) {
			unit = viewAt[0];
			value = viewAt[1];
		}
		CatalogAt cat;
		Snapshot at;
		boolean own = unit == null;
		if (own) {
			at = t.catalog().snapshot();
			cat = t.catalog().view();
		} else {
			at = snapshot(t.catalog(), unit, value);
			cat = t.catalog().catalog.store().at(at);
		}
		Optional<TableEntry> table = cat.table(t.schema(), t.table());
		Optional<ViewEntry> v = table.isEmpty() ? cat.view(t.schema(), t.table()) : Optional.empty();
		if (v.isPresent()) {
			return duckLakeView(d, t.catalog(), cat, v.get(), at, unit, value);
		}
		if (table.isEmpty()) {
			if ((parts.size() == 1 || (parts.size() == 2 && cat.schema(t.schema()).isEmpty()
					&& kind.catalog(parts.get(0)) == null)) && unit == null) {
				// a temp name, information_schema, a OneLake table: not ours
				String system = parts.size() == 1 ? systemView(d, parts, unit) : null;
				// a statement's own scratch names (__dl_..., some made only after the probe that names them)
				if (system != null || parts.size() > 1 || parts.get(0).contains("/")
						|| parts.get(0).toLowerCase(Locale.ROOT).startsWith("__dl_") || onDuckDb(d, parts.get(0))) {
					return system != null ? system : lakeTables.view(d, parts, unit, value);
				}
				// any other bare name, with a DuckLake catalog in USE, is that catalog's: missing, as DuckDB says
			}
			if (own && cat.schema(t.schema()).isEmpty()) {
				throw new EngineException(Kind.FAILED, "Catalog Error: Table with name \"" + t.schema() + "."
						+ t.table() + "\" does not exist because schema \"" + t.schema() + "\" does not exist.");
			}
			throw new EngineException(Kind.FAILED, "Catalog Error: Table with name " + t.table()
					+ (own ? " does not exist!" : " does not exist at version " + at.id()));
		}
		Commit pending = own ? t.catalog().pendingOrNull() : null;
		// a committed snapshot's views never change: made once per connection
		// the files a WHERE on partition columns leaves (null: all)
		Set<Long> only = filter == null ? null
				: PartitionPruning.keep(t.catalog(), cat, table.get(), at, pending, filter);
		String key = t.catalog().name + "/" + table.get().id() + "/" + at.id() + Views.suffix(only);
		String name = pending == null ? db.defined.get(key) : null;
		if (name == null) {
			name = Views.define(d, t.catalog(), cat, table.get(), at, pending, only);
			if (pending == null) {
				db.defined.put(key, name);
			}
		}
		if (rowId && !full) {
			return VirtualColumns.view(d, t.catalog(), cat, table.get(), at, pending, name);
		}
		return full ? name + "_all" : name;
	}

	/** A DuckLake view as a temp view: its SQL rewritten in its own schema, at the snapshot it is read at. */
	private String duckLakeView(Connection d, Attached a, CatalogAt cat, ViewEntry v, Snapshot at, String unit,
			String value) throws EngineException, DuckLakeException, SQLException {
		String schema = cat.schemas().stream().filter(x -> x.id() == v.schemaId()).findFirst().map(x -> x.name())
				.orElse("main");
		String[] outer = viewAt;
		viewAt = unit == null ? null : new String[] { unit, value };
		String text;
		try {
			text = kind.inSchema(a, schema, () -> rewrite(v.sql(), null).text());
		} finally {
			viewAt = outer;
		}
		String name = "__dl_view_" + a.name.replaceAll("[^A-Za-z0-9_]", "_") + "_" + v.id() + "_" + at.id();
		try (java.sql.Statement s = d.createStatement()) {
			s.execute("CREATE OR REPLACE TEMP VIEW " + Sql.ident(name) + (v.columnAliases() == null ? ""
					: " (" + v.columnAliases() + ")") + " AS " + text);
		}
		return name;
	}

	private static Snapshot snapshot(Attached a, String unit, String value) throws EngineException,
			DuckLakeException {
		if (unit.equals("VERSION")) {
			long v = Long.parseLong(value.strip());
			return a.catalog.store().snapshot(v).orElseThrow(() -> new EngineException(Kind.FAILED,
					"Invalid Input Error: No snapshot found at version " + v));
		}
		if (unit.equals("TIMESTAMP")) {
			Instant t = Times.instant(value);
			return a.catalog.store().snapshotAt(t).orElseThrow(() -> new EngineException(Kind.FAILED,
					"Invalid Input Error: No snapshot found at timestamp " + value));
		}
		throw new EngineException(Kind.FAILED, "AT (" + unit + " => ...): use VERSION or TIMESTAMP");
	}
}
