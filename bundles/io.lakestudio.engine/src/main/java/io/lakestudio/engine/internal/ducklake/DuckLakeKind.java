package io.lakestudio.engine.internal.ducklake;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import io.lakestudio.ducklake.AttachOptions;
import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.DuckLakeCatalog;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.Snapshot;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.engine.CatalogKind;
import io.lakestudio.engine.EngineConfig;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;
import io.lakestudio.engine.internal.DuckDb;
import io.lakestudio.engine.internal.Guard;
import io.lakestudio.engine.internal.Sql;

/**
 * DuckLake catalogs as a catalog kind of a session: ATTACH / DETACH / USE, BEGIN / COMMIT / ROLLBACK, and every
 * statement that names an attached catalog's table. It runs on a DuckDB of its own, locked down as the engine's
 * but also allowed the attached data paths and its staging folder (restarted when an ATTACH adds a folder, which
 * loses nothing: views are made anew per statement and a transaction lives in Java).
 */
public final class DuckLakeKind implements CatalogKind {

	private final EngineConfig config;
	private final Map<String, Attached> attached = new LinkedHashMap<>();
	private final Path staging;
	private Connection duck;
	private List<Path> allowed = List.of();
	private String defaultCatalog;
	private String defaultSchema = "main";
	private boolean transaction;
	/** Views made on this connection for committed snapshots, by catalog/table/snapshot. */
	private final Map<String, String> defined = new java.util.HashMap<>();
	/** Temp tables and views the session made on this kind's DuckDB. */
	private final Set<String> temps = new java.util.HashSet<>();
	/** Queries as rewritten over those views, by {@link #readKey}. */
	private final Map<String, String> rewrites = new java.util.HashMap<>();
	/** While a view's SQL is rewritten for {@code AT (...)}: the unit and value its references are read at. */
	private String[] viewAt;

	public DuckLakeKind(EngineConfig config) {
		this.config = config;
		this.staging = config.home().resolve("ducklake").resolve("staging");
	}

	@Override
	public Answer execute(String statement) throws EngineException {
		Text t = new Text(statement);
		try {
			if (t.accept("ATTACH")) {
				return attach(t);
			}
			if (t.accept("DETACH")) {
				return detach(t);
			}
			if (attached.isEmpty()) {
				return null;
			}
			if (t.accept("USE")) {
				return use(t);
			}
			if (t.accept("BEGIN") || t.accept("START", "TRANSACTION")) {
				transaction = true;
				return ok("ok");
			}
			if (t.accept("COMMIT") || t.accept("END")) {
				return commit();
			}
			if (t.accept("ROLLBACK") || t.accept("ABORT")) {
				rollback();
				return ok("ok");
			}
			if (t.accept("SET", "VARIABLE")) {
				return variable(t);
			}
			if (t.peek("CREATE", "TEMP") || t.peek("CREATE", "TEMPORARY") || t.peek("CREATE", "OR", "REPLACE", "TEMP")
					|| t.peek("CREATE", "OR", "REPLACE", "TEMPORARY")) {
				return temp(t);
			}
			Changes changes = new Changes(this, duck(), new Writes(duck(), staging()));
			Answer a = changes.execute(t);
			if (a != null) {
				return a;
			}
			return read(statement);
		} catch (java.text.ParseException e) {
			throw new EngineException(Kind.FAILED, "Parser Error: " + e.getMessage(), e);
		} catch (DuckLakeException e) {
			abortStatement();
			throw new EngineException(Kind.FAILED, e.getMessage(), e);
		} catch (SQLException e) {
			abortStatement();
			throw new EngineException(Kind.FAILED, e.getMessage(), e);
		} catch (IOException e) {
			abortStatement();
			throw new EngineException(Kind.FAILED, "cannot write a data file: " + e.getMessage(), e);
		} catch (EngineException e) {
			abortStatement();
			throw e;
		}
	}

	/** A statement outside a transaction failed: what it wrote goes; inside one, the transaction is aborted. */
	private void abortStatement() {
		for (Attached a : attached.values()) {
			a.rollback();
		}
		transaction = false;
	}

	private Answer attach(Text t) throws java.text.ParseException, EngineException, DuckLakeException, SQLException {
		boolean ifNotExists = t.accept("IF", "NOT", "EXISTS");
		t.accept("DATABASE");
		String url = t.string();
		if (!url.startsWith("ducklake:")) {
			return null; // not ours: the engine refuses it
		}
		String name;
		if (t.accept("AS")) {
			name = t.name();
		} else {
			String f = url.substring(url.lastIndexOf(':') + 1);
			f = f.substring(f.lastIndexOf('/') + 1);
			name = f.contains(".") ? f.substring(0, f.indexOf('.')) : f;
		}
		String key = name.toLowerCase(Locale.ROOT);
		if (attached.containsKey(key)) {
			if (ifNotExists) {
				return ok("ok");
			}
			throw new EngineException(Kind.FAILED, "Binder Error: Unique file handle conflict: Database \"" + name
					+ "\" is already attached");
		}
		String[] metadataName = { "__ducklake_metadata_" + name };
		AttachOptions o = options(t, metadataName);
		DuckLakeCatalog c = DuckLakeCatalog.open(url, o, (file, ro) -> {
			try {
				return DuckDb.file(config.home(), file, ro);
			} catch (IOException e) {
				throw new SQLException("cannot load DuckDB: " + e.getMessage(), e);
			}
		});
		attached.put(key, new Attached(name, c, metadataName[0]));
		if (!c.dataPath().matches("^[a-z0-9]+://.*")) {
			allow(Path.of(c.dataPath()));
		}
		return ok("ok");
	}

	private static AttachOptions options(Text t, String[] metadataName) throws java.text.ParseException {
		AttachOptions o = AttachOptions.defaults();
		if (t.atEnd()) {
			return o;
		}
		for (String opt : Text.commas(t.parenthesised())) {
			Text x = new Text(opt);
			String key = Text.upper(x.name());
			String value = x.atEnd() ? "true" : x.rest();
			String v = value.startsWith("'") ? new Text(value).string() : value;
			boolean flag = !v.equalsIgnoreCase("false") && !v.equals("0");
			switch (key) {
			case "READ_ONLY" -> o = o.withReadOnly(flag);
			case "READ_WRITE" -> o = o.withReadOnly(!flag);
			case "DATA_PATH" -> o = o.withDataPath(v);
			case "OVERRIDE_DATA_PATH" -> o = o.withOverrideDataPath(flag);
			case "AUTOMATIC_MIGRATION" -> o = o.withAutomaticMigration(flag);
			case "SNAPSHOT_VERSION" -> o = o.withSnapshotVersion(Long.parseLong(v));
			case "SNAPSHOT_TIME" -> o = o.withSnapshotTime(Times.instant(v));
			case "DATA_INLINING_ROW_LIMIT" -> o = o.withDataInliningRowLimit(Long.parseLong(v));
			case "METADATA_CATALOG" -> metadataName[0] = v;
			case "DUCKLAKE_VERSION" -> {
				if (!v.equals("1.0")) {
					throw new java.text.ParseException("DuckLake version " + v + " can't be written here: only 1.0", 0);
				}
			}
			case "METADATA_SCHEMA", "TYPE", "META_TYPE", "WRITE_DELETION_VECTORS", "METADATA_PATH", "ENCRYPTED", "CREATE_IF_NOT_EXISTS",
					"MIGRATE_IF_REQUIRED" -> {
				// names the extension's own machinery: nothing to do here
			}
			default -> throw new java.text.ParseException("ATTACH option " + key + " is not known for DuckLake", 0);
			}
		}
		return o;
	}

	private Answer detach(Text t) throws java.text.ParseException, EngineException {
		t.accept("DATABASE");
		boolean ifExists = t.accept("IF", "EXISTS");
		String name = t.name();
		Attached a = attached.remove(name.toLowerCase(Locale.ROOT));
		if (a == null) {
			return ifExists && !attached.isEmpty() ? ok("ok") : null;
		}
		a.rollback();
		a.catalog.close();
		defined.keySet().removeIf(k -> k.startsWith(a.name + "/"));
		rewrites.clear();
		if (name.equalsIgnoreCase(defaultCatalog)) {
			defaultCatalog = null;
			defaultSchema = "main";
		}
		return ok("ok");
	}

	private Answer use(Text t) throws java.text.ParseException, EngineException, DuckLakeException {
		List<String> n = t.qualifiedName();
		Attached a = attached.get(n.get(0).toLowerCase(Locale.ROOT));
		if (a == null) {
			if (n.size() == 1 && defaultCatalog != null && attached.get(defaultCatalog.toLowerCase(Locale.ROOT))
					.view().schema(n.get(0)).isPresent()) {
				defaultSchema = n.get(0);
				return ok("ok");
			}
			throw new EngineException(Kind.FAILED, "Catalog Error: No catalog + schema named \"" + String.join(".", n)
					+ "\" found.");
		}
		defaultCatalog = a.name;
		defaultSchema = n.size() > 1 ? n.get(1) : "main";
		return ok("ok");
	}

	/**
	 * {@code SET VARIABLE name = <expression>}, the expression's DuckLake references read as a query would, kept on
	 * this kind's DuckDB (getvariable in later statements on DuckLake tables sees it).
	 */
	private Answer variable(Text t) throws java.text.ParseException, EngineException, DuckLakeException,
			SQLException {
		String name = t.name();
		if (!t.accept("=")) {
			t.expect("TO");
		}
		Rewriter.Rewritten r = rewrite("SELECT (" + t.rest() + ")", null);
		try (java.sql.Statement s = duck().createStatement()) {
			s.execute("SET VARIABLE " + Sql.ident(name) + " = (" + r.text() + ")");
		}
		return ok("ok");
	}

	/**
	 * {@code CREATE [OR REPLACE] TEMP TABLE|VIEW name AS <query>} while DuckLake catalogs are attached: made on this
	 * kind's DuckDB (where DuckLake statements run, so they can read it), its query read as any query is.
	 */
	private Answer temp(Text t) throws java.text.ParseException, EngineException, DuckLakeException, SQLException {
		t.expect("CREATE");
		boolean replace = t.accept("OR", "REPLACE");
		if (!t.accept("TEMP")) {
			t.expect("TEMPORARY");
		}
		String what = t.accept("TABLE") ? "TABLE" : t.accept("VIEW") ? "VIEW" : null;
		if (what == null) {
			return null;
		}
		String name = t.name();
		if (!t.accept("AS")) {
			return null; // a temp table by definition: the engine's
		}
		Rewriter.Rewritten r = rewrite(t.rest(), null);
		try (java.sql.Statement s = duck().createStatement()) {
			s.execute("CREATE " + (replace ? "OR REPLACE " : "") + "TEMP " + what + " " + Sql.ident(name) + " AS "
					+ r.text());
		}
		temps.add(name.toLowerCase(Locale.ROOT));
		rewrites.clear();
		return ok("ok");
	}

	private Answer commit() throws DuckLakeException, SQLException, EngineException {
		transaction = false;
		for (Attached a : attached.values()) {
			a.commit();
		}
		return ok("ok");
	}

	private void rollback() {
		transaction = false;
		for (Attached a : attached.values()) {
			a.rollback();
		}
	}

	/** After a statement that changed {@code a}: committed now unless a transaction is open. */
	void statementDone(Attached a) throws DuckLakeException {
		if (!transaction) {
			a.commit();
		}
	}

	/** A table a statement names: its catalog, schema and name, when they are an attached catalog's. */
	record Target(Attached catalog, String schema, String table) {
	}

	/** Where a (1 to 3 part) name points, or null when it is no attached catalog's. */
	Target target(List<String> parts) {
		if (parts.size() == 3) {
			Attached a = attached.get(parts.get(0).toLowerCase(Locale.ROOT));
			return a == null ? null : new Target(a, parts.get(1), parts.get(2));
		}
		if (parts.size() == 2) {
			Attached a = attached.get(parts.get(0).toLowerCase(Locale.ROOT));
			if (a != null) {
				return new Target(a, "main", parts.get(1));
			}
			return defaultCatalog == null ? null
					: new Target(attached.get(defaultCatalog.toLowerCase(Locale.ROOT)), parts.get(0), parts.get(1));
		}
		return defaultCatalog == null ? null
				: new Target(attached.get(defaultCatalog.toLowerCase(Locale.ROOT)), defaultSchema, parts.get(0));
	}

	/** Something done with the catalog and schema a view's names are relative to as the default. */
	interface InSchema<T> {
		T run() throws EngineException, DuckLakeException, SQLException;
	}

	<T> T inSchema(Attached a, String schema, InSchema<T> work) throws EngineException, DuckLakeException,
			SQLException {
		String oldCatalog = defaultCatalog;
		String oldSchema = defaultSchema;
		defaultCatalog = a.name;
		defaultSchema = schema;
		try {
			return work.run();
		} finally {
			defaultCatalog = oldCatalog;
			defaultSchema = oldSchema;
		}
	}

	Attached catalog(String name) {
		return attached.get(name.toLowerCase(Locale.ROOT));
	}

	/** A query: its DuckLake references pointed at views, then the guard's check of what is left. */
	private Answer read(String statement) throws EngineException, DuckLakeException, SQLException {
		String sql = statement.strip().replaceAll(";+\\s*$", "");
		if (defaultCatalog != null && sql.matches("(?is)SHOW\\s+TABLES")) {
			Attached a = attached.get(defaultCatalog.toLowerCase(Locale.ROOT));
			CatalogAt cat = a.view();
			List<String> names = new ArrayList<>();
			long schema = cat.schema(defaultSchema).map(s -> s.id()).orElse(-1L);
			cat.tables().stream().filter(x -> x.schemaId() == schema).forEach(x -> names.add("(" + Sql.string(x.name())
					+ ")"));
			return new Answer(duck(), names.isEmpty() ? "SELECT NULL::VARCHAR AS name WHERE false"
					: "SELECT name FROM (VALUES " + String.join(", ", names) + ") t(name) ORDER BY name", List.of());
		}
		if (!sql.matches("(?is)^(\\(|SELECT\\b|WITH\\b|FROM\\b|VALUES\\b|TABLE\\b|DESCRIBE\\b|DESC\\b|SHOW\\b"
				+ "|SUMMARIZE\\b|EXPLAIN\\b).*")) {
			return null; // not a query: the engine's guard says why it is refused
		}
		String key = readKey(sql);
		String kept = key == null ? null : rewrites.get(key);
		if (kept != null) {
			return new Answer(duck(), kept, List.of());
		}
		Rewriter.Rewritten r = rewrite(sql, null);
		if (!r.touched()) {
			return null;
		}
		// kept when it reads only committed snapshots' views (not functions or metadata tables, made anew)
		if (key != null && defined.values().stream().map(v -> v.toLowerCase(Locale.ROOT)).collect(
				java.util.stream.Collectors.toSet()).containsAll(r.names())) {
			if (rewrites.size() > 256) {
				rewrites.clear();
			}
			rewrites.put(key, r.text());
		}
		return new Answer(duck(), r.text(), List.of());
	}

	/**
	 * What a query's rewrite depends on besides its text: the default catalog and schema and every attached
	 * catalog's snapshot; null (not kept) while a transaction has changes of its own.
	 */
	private String readKey(String sql) throws DuckLakeException {
		StringBuilder k = new StringBuilder(sql).append('\u0000').append(defaultCatalog).append('.').append(defaultSchema);
		for (Attached a : attached.values()) {
			if (a.pendingOrNull() != null) {
				return null;
			}
			k.append('\u0000').append(a.name).append('@').append(a.snapshot().id());
		}
		return k.toString();
	}

	/** Rewrites a query's DuckLake references; {@code fullAlias}: the reference that gets file and position too. */
	Rewriter.Rewritten rewrite(String query, String fullAlias) throws EngineException, DuckLakeException,
			SQLException {
		Connection d = duck();
		Rewriter.Rewritten r = Rewriter.rewrite(d, query, new Rewriter.Resolver() {
			@Override
			public String table(List<String> parts, String unit, String value, boolean full)
					throws EngineException, DuckLakeException, SQLException {
				return view(d, parts, unit, value, full);
			}

			@Override
			public String function(String name, List<String> args, Map<String, String> named)
					throws EngineException, DuckLakeException, SQLException {
				if (name.equals("glob")) {
					return glob(d, args);
				}
				Attached a = args.isEmpty() || args.get(0) == null ? null : catalog(args.get(0));
				if (a == null) {
					throw new EngineException(Kind.FAILED, "Catalog Error: " + name + ": no attached DuckLake catalog "
							+ (args.isEmpty() ? "named" : "'" + args.get(0) + "'"));
				}
				return Functions.answer(d, name, a, args, named);
			}
		}, fullAlias);
		// what is left must pass the engine's guard, whether or not it named DuckLake tables
		Guard.parse(d, r.text(), withViews(r.names()));
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
		for (Attached a : attached.values()) {
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

	private Set<String> withViews(Set<String> names) {
		Set<String> all = new java.util.HashSet<>(names);
		all.addAll(temps);
		for (String n : names) {
			all.add(n + "_all");
		}
		return all;
	}

	private String view(Connection d, List<String> parts, String unit, String value, boolean full)
			throws EngineException, DuckLakeException, SQLException {
		if (parts.size() == 1 && temps.contains(parts.get(0).toLowerCase(Locale.ROOT))) {
			return parts.get(0); // the session's own temp table, on this DuckDB
		}
		if (parts.size() >= 2) {
			for (Attached a : attached.values()) {
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
		Target t = target(parts);
		if (t == null) {
			return null;
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
		Optional<io.lakestudio.ducklake.ViewEntry> v = table.isEmpty() ? cat.view(t.schema(), t.table())
				: Optional.empty();
		if (v.isPresent()) {
			String schema = cat.schemas().stream().filter(x -> x.id() == v.get().schemaId()).findFirst()
					.map(x -> x.name()).orElse("main");
			String[] outer = viewAt;
			viewAt = unit == null ? null : new String[] { unit, value };
			String text;
			try {
				text = inSchema(t.catalog(), schema, () -> rewrite(v.get().sql(), null).text());
			} finally {
				viewAt = outer;
			}
			String name = "__dl_view_" + t.catalog().name.replaceAll("[^A-Za-z0-9_]", "_") + "_" + v.get().id() + "_"
					+ at.id();
			try (java.sql.Statement s = d.createStatement()) {
				s.execute("CREATE OR REPLACE TEMP VIEW " + Sql.ident(name) + (v.get().columnAliases() == null ? ""
						: " (" + v.get().columnAliases() + ")") + " AS " + text);
			}
			return name;
		}
		if (table.isEmpty()) {
			if ((parts.size() == 1 || (parts.size() == 2 && cat.schema(t.schema()).isEmpty()
					&& catalog(parts.get(0)) == null)) && unit == null) {
				return null; // a temp name, information_schema, a OneLake table: not ours
			}
			throw new EngineException(Kind.FAILED, "Catalog Error: Table with name " + t.table()
					+ " does not exist!");
		}
		io.lakestudio.ducklake.Commit pending = own ? t.catalog().pendingOrNull() : null;
		// a committed snapshot's views never change: made once per connection
		String key = t.catalog().name + "/" + table.get().id() + "/" + at.id();
		String name = pending == null ? defined.get(key) : null;
		if (name == null) {
			name = Views.define(d, t.catalog(), cat, table.get(), at, pending);
			if (pending == null) {
				defined.put(key, name);
			}
		}
		return full ? name + "_all" : name;
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

	Answer ok(String what) throws EngineException {
		return new Answer(duck(), "SELECT " + Sql.string(what) + " AS result WHERE false", List.of());
	}

	Answer count(long n) throws EngineException {
		return new Answer(duck(), "SELECT " + n + "::BIGINT AS \"Count\"", List.of());
	}

	private void allow(Path dataPath) throws EngineException {
		List<Path> more = new ArrayList<>(allowed);
		Path p = dataPath.toAbsolutePath().normalize();
		try {
			Files.createDirectories(p);
		} catch (IOException e) {
			throw new EngineException(Kind.FAILED, "cannot make the data path " + p + ": " + e.getMessage(), e);
		}
		if (more.contains(p)) {
			return;
		}
		more.add(p);
		allowed = List.copyOf(more);
		if (duck != null) {
			try {
				duck.close();
			} catch (SQLException e) {
				// restarted below with the new folder allowed
			}
			duck = null;
		}
		defined.clear();
		rewrites.clear();
	}

	Connection duck() throws EngineException {
		if (duck == null) {
			try {
				List<Path> dirs = new ArrayList<>(allowed);
				dirs.add(staging());
				duck = DuckDb.open(config, dirs);
				defined.clear();
				temps.clear();
				rewrites.clear();
			} catch (SQLException | IOException e) {
				throw new EngineException(Kind.FAILED, "cannot start DuckDB: " + e.getMessage(), e);
			}
		}
		return duck;
	}

	private Path staging() throws EngineException {
		try {
			return Files.createDirectories(staging);
		} catch (IOException e) {
			throw new EngineException(Kind.FAILED, "cannot make " + staging + ": " + e.getMessage(), e);
		}
	}

	@Override
	public void close() {
		for (Attached a : attached.values()) {
			a.rollback();
			a.catalog.close();
		}
		attached.clear();
		if (duck != null) {
			try {
				duck.close();
			} catch (SQLException e) {
				// closing
			}
			duck = null;
		}
	}
}
