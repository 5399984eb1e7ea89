package io.lakestudio.engine.internal.ducklake;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.engine.CatalogKind;
import io.lakestudio.engine.EngineConfig;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;
import io.lakestudio.engine.internal.Sql;

/**
 * DuckLake catalogs as a catalog kind of a session: ATTACH / DETACH / USE, BEGIN / COMMIT / ROLLBACK, and every
 * statement that names an attached catalog's table, on a DuckDB of its own ({@link KindDuckDb}). Here: the
 * session's state (attached catalogs, default catalog and schema, the open transaction) and which class a
 * statement goes to: {@link Changes} for DDL and DML, {@link Reads} for queries.
 */
public final class DuckLakeKind implements CatalogKind {

	/** What a query that reads files by name calls (the guard decides whether it may). */
	private static final java.util.regex.Pattern READS_FILES = java.util.regex.Pattern.compile(
			"(?i)\\b(read_|parquet_|glob\\s*\\(|FROM\\s+')");

	private static final java.util.regex.Pattern PRAGMA_SET = java.util.regex.Pattern.compile(
			"(?is)\\s*PRAGMA\\s+\\w+\\s*=.*");
	/** What LOAD may name: the extensions of the engine's DuckDB, and DuckLake (this kind). */
	private static final Set<String> LOADED = Set.of("parquet", "json", "icu", "ducklake");

	private final Map<String, Attached> attached = new LinkedHashMap<>();
	private final KindDuckDb db;
	private final References refs;
	private final Reads reads;
	private final SessionSettings settings;
	private final Macros macros;
	private final Prepared prepared = new Prepared();
	private String defaultCatalog;
	private String defaultSchema = "main";
	private boolean transaction;

	/** The engine's side of a statement that names lake tables too: each lake table's rows in a Parquet file. */
	@FunctionalInterface
	public interface LakeTables {
		java.nio.file.Path file(String reference) throws EngineException;
	}

	/** {@code lakeTables} null: the session has no lake (statements naming lake tables then fail here). */
	public DuckLakeKind(EngineConfig config, LakeTables lakeTables) {
		this.db = new KindDuckDb(config);
		this.refs = new References(this, db, new LakeJoins(lakeTables));
		this.reads = new Reads(this, db, refs);
		this.settings = new SessionSettings(db);
		this.macros = new Macros(this, db);
	}

	@Override
	public Answer execute(String statement) throws EngineException {
		db.begin();
		for (Attached a : attached.values()) {
			a.statementBegins();
		}
		Text t = new Text(statement);
		boolean query = false;
		try {
			if (t.accept("ATTACH")) {
				return attach(t);
			}
			if (t.accept("DETACH")) {
				return detach(t);
			}
			if (PRAGMA_SET.matcher(statement).matches() && t.accept("PRAGMA")) {
				// PRAGMA name = value: DuckDB's other spelling of SET
				return settings.apply(t, false) ? ok("ok") : null;
			}
			if (t.accept("LOAD")) {
				// the extensions this engine has are loaded already; any other stays refused
				return LOADED.contains(t.name().toLowerCase(Locale.ROOT)) ? ok("ok") : null;
			}
			if (!t.peek("SET", "VARIABLE") && (t.accept("SET") || t.peek("RESET"))) {
				boolean reset = t.accept("RESET");
				// a setting not on the safe list is the engine's guard's to refuse
				return settings.apply(t, reset) ? ok("ok") : null;
			}
			if (db.files().any() && t.peek("COPY")) {
				return new CopyTo(this, db).execute(t);
			}
			if (attached.isEmpty()) {
				// a query reading files the user granted runs here (the DuckDB allowed them); else the engine's
				return db.files().any() && READS_FILES.matcher(statement).find() ? reads.read(statement) : null;
			}
			if (t.peek("CHECKPOINT")) {
				return new Checkpoint(this).execute(t);
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
			if (t.peek("PREPARE") || t.peek("EXECUTE") || t.peek("DEALLOCATE")) {
				return prepared.execute(t, this);
			}
			if (t.peek("CREATE", "TEMP") || t.peek("CREATE", "TEMPORARY") || t.peek("CREATE", "OR", "REPLACE", "TEMP")
					|| t.peek("CREATE", "OR", "REPLACE", "TEMPORARY")) {
				return temp(t);
			}
			Answer own = new Scratch(this, db).execute(new Text(statement)); // the session's tables in memory
			if (own != null) {
				return own;
			}
			macros.sync(); // the catalogs' macros as this session sees them now, before the statement binds
			Changes changes = new Changes(this, duck(), new Writes(duck(), db.staging())
					.targetFileSize(settings.lake().targetFileSize().orElse(0))
					.inliningRowLimit(settings.lake().inliningRowLimit()));
			Answer a = changes.execute(t);
			if (a != null) {
				return a;
			}
			query = true;
			return reads.read(statement);
		} catch (java.text.ParseException e) {
			throw new EngineException(Kind.FAILED, "Parser Error: " + e.getMessage(), e);
		} catch (DuckLakeException e) {
			abortStatement(query);
			throw new EngineException(Kind.FAILED, e.getMessage(), e);
		} catch (SQLException e) {
			abortStatement(query);
			throw new EngineException(Kind.FAILED, e.getMessage(), e);
		} catch (IOException e) {
			abortStatement(query);
			throw new EngineException(Kind.FAILED, "cannot write a data file: " + e.getMessage(), e);
		} catch (EngineException e) {
			abortStatement(query || found(e));
			throw e;
		}
	}

	/**
	 * Whether a statement failed on what it names (a missing or taken name, a dependent entry), found before it
	 * changed anything: as a failed query, it may leave the transaction open.
	 */
	private static boolean found(EngineException e) {
		String m = String.valueOf(e.getMessage());
		return m.startsWith("Catalog Error: ") || m.startsWith("Binder Error: ") || m.startsWith("Dependency Error: ");
	}

	/**
	 * A statement outside a transaction failed: what it wrote goes; inside one, the transaction is aborted, unless
	 * it changed nothing ({@code unchanged}: a query, or one refused on its names) and the policy is
	 * SYNTACTIC_ERRORS_DO_NOT_INVALIDATE.
	 */
	private void abortStatement(boolean unchanged) {
		if (unchanged && transaction && settings.queryErrorsKeepTransaction()) {
			return;
		}
		for (Attached a : attached.values()) {
			a.rollback();
		}
		transaction = false;
	}

	private Answer attach(Text t) throws java.text.ParseException, EngineException, DuckLakeException, SQLException {
		boolean replace = t.accept("OR", "REPLACE");
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
			name = AttachSql.defaultName(url);
		}
		String key = name.toLowerCase(Locale.ROOT);
		if (attached.containsKey(key) && !replace) {
			if (ifNotExists) {
				return ok("ok");
			}
			throw new EngineException(Kind.FAILED, "Binder Error: Failed to attach database: database with name \""
					+ name + "\" already exists");
		}
		Attached made = AttachSql.open(name, url, t, db, settings.lake().defaultVersion());
		if (attached.containsKey(key)) {
			// OR REPLACE: the one attached under the name goes once the new one has opened, as DETACH takes it
			detach(new Text("\"" + name.replace("\"", "\"\"") + "\""));
		}
		attached.put(key, made);
		if (!made.catalog.dataPath().matches("^[a-z0-9]+://.*")) {
			db.allow(Path.of(made.catalog.dataPath()));
		}
		return ok("ok");
	}

	private Answer detach(Text t) throws java.text.ParseException, EngineException {
		t.accept("DATABASE");
		boolean ifExists = t.accept("IF", "EXISTS");
		String name = t.name();
		Attached a = attached.remove(name.toLowerCase(Locale.ROOT));
		if (a == null) {
			return ifExists && !attached.isEmpty() ? ok("ok") : null;
		}
		a.close();
		db.defined.keySet().removeIf(k -> k.startsWith(a.name + "/"));
		db.rewrites.clear();
		if (name.equalsIgnoreCase(defaultCatalog)) {
			defaultCatalog = null;
			defaultSchema = "main";
		}
		return ok("ok");
	}

	private Answer use(Text t) throws java.text.ParseException, EngineException, DuckLakeException {
		List<String> n = t.qualifiedName();
		Attached a = attached.get(n.get(0).toLowerCase(Locale.ROOT));
		if (a == null && n.get(0).equalsIgnoreCase("memory") && (n.size() == 1 || n.get(1).equalsIgnoreCase("main"))) {
			defaultCatalog = null; // back to the engine's own database: names are no DuckLake catalog's
			defaultSchema = "main";
			return ok("ok");
		}
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
		Rewriter.Rewritten r = refs.rewrite("SELECT (" + t.rest() + ")", null);
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
		Rewriter.Rewritten r = refs.rewrite(t.rest(), null);
		try (java.sql.Statement s = duck().createStatement()) {
			s.execute("CREATE " + (replace ? "OR REPLACE " : "") + "TEMP " + what + " " + Sql.ident(name) + " AS "
					+ r.text());
		}
		db.temps.add(name.toLowerCase(Locale.ROOT));
		db.rewrites.clear();
		return ok("ok");
	}

	private Answer commit() throws DuckLakeException, SQLException, EngineException {
		transaction = false;
		for (Attached a : attached.values()) {
			a.commit(settings.lake().retries());
		}
		return ok("ok");
	}

	private void rollback() {
		transaction = false;
		for (Attached a : attached.values()) {
			a.rollback();
		}
	}

	/** Whether BEGIN opened a transaction that COMMIT or ROLLBACK has not ended yet. */
	boolean inTransaction() {
		return transaction;
	}

	/** After a statement that changed {@code a}: committed now unless a transaction is open. */
	void statementDone(Attached a) throws DuckLakeException {
		if (!transaction) {
			a.commit(settings.lake().retries());
		}
	}

	/** A table a statement names: its catalog, schema and name, when they are an attached catalog's. */
	record Target(Attached catalog, String schema, String table) {
	}

	/**
	 * What a statement that changes a catalog names next, its catalog checked writable (DuckDB's error when it is
	 * attached read-only); null when the name is no attached catalog's.
	 */
	Target writableTarget(Text t) throws java.text.ParseException, EngineException {
		Target target = target(t.qualifiedName());
		if (target != null) {
			Changes.writable(target.catalog());
		}
		return target;
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

	Macros macros() {
		return macros;
	}

	Attached catalog(String name) {
		return attached.get(name.toLowerCase(Locale.ROOT));
	}

	Iterable<Attached> attached() {
		return attached.values();
	}

	String defaultCatalog() {
		return defaultCatalog;
	}

	String defaultSchema() {
		return defaultSchema;
	}

	/** Rewrites a query's DuckLake references; {@code fullAlias}: the reference that gets file and position too. */
	Rewriter.Rewritten rewrite(String query, String fullAlias) throws EngineException, DuckLakeException,
			SQLException {
		return refs.rewrite(query, fullAlias);
	}

	/** Where DuckDB writes files before Java moves them into a data path. */
	/** The session's {@code ducklake_target_file_size} in bytes, 0 when unset. */
	long targetFileSize() {
		return settings.lake().targetFileSize().orElse(0);
	}

	/** Whether the session asked for plans with operators named as their enum ({@code operator_casing 'upper'}). */
	boolean upperOperators() {
		return settings.lake().upperOperators();
	}

	Path staging() throws EngineException {
		return db.staging();
	}

	Connection duck() throws EngineException {
		return db.connection();
	}

	Answer ok(String what) throws EngineException {
		return new Answer(duck(), "SELECT " + Sql.string(what) + " AS result WHERE false", List.of());
	}

	Answer count(long n) throws EngineException {
		return new Answer(duck(), "SELECT " + n + "::BIGINT AS \"Count\"", List.of());
	}

	@Override
	public void cancel() {
		db.cancel();
	}

	@Override
	public String explain(String message) {
		return DataFileCheck.explain(message, attached.values(), db, this);
	}

	@Override
	public void close() {
		for (Attached a : attached.values()) {
			a.close();
		}
		attached.clear();
		db.close();
	}
}
