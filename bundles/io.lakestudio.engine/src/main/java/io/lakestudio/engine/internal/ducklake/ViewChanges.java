package io.lakestudio.engine.internal.ducklake;

import java.sql.SQLException;
import java.util.Optional;
import java.util.UUID;

import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.SchemaEntry;
import io.lakestudio.engine.CatalogKind.Answer;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;

/**
 * CREATE [OR REPLACE] VIEW, ALTER VIEW ... RENAME TO and DROP VIEW on a DuckLake catalog: a view is kept in
 * {@code ducklake_view} as written (dialect duckdb), bound once when made so one that can't be read is not kept.
 */
final class ViewChanges {

	private final DuckLakeKind kind;

	ViewChanges(DuckLakeKind kind) {
		this.kind = kind;
	}

	Answer create(Text t, boolean replace) throws java.text.ParseException, EngineException,
			DuckLakeException, SQLException {
		boolean ifNotExists = t.accept("IF", "NOT", "EXISTS");
		DuckLakeKind.Target target = kind.writableTarget(t);
		if (target == null) {
			return null;
		}
		Attached a = target.catalog();
		String aliases = t.peek("(") ? t.parenthesised() : null;
		t.expect("AS");
		String query = t.rest();
		CatalogAt cat = a.view();
		SchemaEntry schema = cat.schema(target.schema()).orElseThrow(() -> new EngineException(Kind.FAILED,
				"Binder Error: Schema \"" + target.schema() + "\" not found in DuckLakeCatalog \"" + a.name + "\""));
		if (cat.table(target.schema(), target.table()).isPresent()) {
			throw new EngineException(Kind.FAILED, "Catalog Error: Table with name \"" + target.table()
					+ "\" already exists!");
		}
		Optional<io.lakestudio.ducklake.ViewEntry> existing = cat.view(target.schema(), target.table());
		if (existing.isPresent()) {
			if (ifNotExists) {
				return kind.ok("ok");
			}
			if (!replace) {
				throw new EngineException(Kind.FAILED, "Catalog Error: View with name \"" + target.table()
						+ "\" already exists!");
			}
		}
		// bound once now, as the extension binds it, so a view that can't be read is not made
		String text = kind.inSchema(a, schema.name(), () -> kind.rewrite(query, null).text());
		try (java.sql.Statement s = kind.duck().createStatement()) {
			s.execute("CREATE OR REPLACE TEMP VIEW __dl_probe_view" + (aliases == null ? "" : " (" + aliases + ")") + " AS "
					+ text);
		}
		Commit c = a.pending();
		existing.ifPresent(v -> end(c, v.id()));
		long id = existing.map(io.lakestudio.ducklake.ViewEntry::id).orElseGet(c::catalogId);
		c.schemaChanged();
		c.newViews.add(new io.lakestudio.ducklake.ViewEntry(id, UUID.randomUUID().toString(), 0, schema.id(),
				target.table(), "duckdb", query, aliases));
		c.changes.add("created_view:" + Changes.quoted(schema.name()) + "." + Changes.quoted(target.table()));
		kind.statementDone(a);
		return kind.ok("ok");
	}

	Answer alter(Text t) throws java.text.ParseException, EngineException, DuckLakeException {
		boolean ifExists = t.accept("IF", "EXISTS");
		DuckLakeKind.Target target = kind.writableTarget(t);
		if (target == null) {
			return null;
		}
		Attached a = target.catalog();
		t.expect("RENAME", "TO");
		String to = t.name();
		Optional<io.lakestudio.ducklake.ViewEntry> v = named(a, target, ifExists);
		if (v.isEmpty()) {
			return kind.ok("ok");
		}
		io.lakestudio.ducklake.ViewEntry old = v.get();
		Commit c = a.pending();
		end(c, old.id());
		c.newViews.add(new io.lakestudio.ducklake.ViewEntry(old.id(), old.uuid(), 0, old.schemaId(), to,
				old.dialect(), old.sql(), old.columnAliases()));
		c.schemaChanged();
		c.changes.add("altered_view:" + old.id());
		kind.statementDone(a);
		return kind.ok("ok");
	}

	Answer drop(Text t) throws java.text.ParseException, EngineException, DuckLakeException {
		boolean ifExists = t.accept("IF", "EXISTS");
		DuckLakeKind.Target target = kind.writableTarget(t);
		if (target == null) {
			return null;
		}
		Attached a = target.catalog();
		Optional<io.lakestudio.ducklake.ViewEntry> v = named(a, target, ifExists);
		if (v.isEmpty()) {
			return kind.ok("ok");
		}
		Commit c = a.pending();
		end(c, v.get().id());
		c.schemaChanged();
		c.changes.add("dropped_view:" + v.get().id());
		kind.statementDone(a);
		return kind.ok("ok");
	}

	/** The view {@code target} names; none (when {@code ifExists}) or DuckDB's error when there is none. */
	private static Optional<io.lakestudio.ducklake.ViewEntry> named(Attached a, DuckLakeKind.Target target,
			boolean ifExists) throws EngineException, DuckLakeException {
		Optional<io.lakestudio.ducklake.ViewEntry> v = a.view().view(target.schema(), target.table());
		if (v.isEmpty() && !ifExists) {
			throw new EngineException(Kind.FAILED, "Catalog Error: View with name " + target.table()
					+ " does not exist!");
		}
		return v;
	}

	/** A view this transaction made is taken out of it again; one the catalog holds is ended. */
	static void end(Commit c, long id) {
		if (!c.newViews.removeIf(x -> x.id() == id)) {
			c.endedViews.add(id);
		}
	}
}
