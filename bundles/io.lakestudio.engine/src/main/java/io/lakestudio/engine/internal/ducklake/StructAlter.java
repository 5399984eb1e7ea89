package io.lakestudio.engine.internal.ducklake;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.NestedTypes;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.engine.CatalogKind.Answer;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;

/**
 * ALTER TABLE on the fields of a nested column, as the extension allows it: {@code ADD COLUMN s.f TYPE},
 * {@code DROP COLUMN s.f}, {@code RENAME [COLUMN] s.f TO g} (a path through struct fields, a list's
 * {@code element}, a map's {@code key} / {@code value}), and {@code ALTER COLUMN s SET DATA TYPE <nested type>}
 * (fields matched by name keep their ids, new ones get new ids, missing ones are dropped, leaves may widen). Each
 * writes the column's rows again with the same ids, so every file still reads by field id.
 */
final class StructAlter {

	private static final String NAME = "(?:\"(?:[^\"]|\"\")*\"|[A-Za-z_][A-Za-z0-9_$]*)";
	private static final Pattern DOTTED = Pattern.compile("(?is)^(?:ADD\\s+(?:COLUMN\\s+)?(?:IF\\s+NOT\\s+EXISTS\\s+)?"
			+ "|DROP\\s+(?:COLUMN\\s+)?(?:IF\\s+EXISTS\\s+)?|RENAME\\s+(?:COLUMN\\s+)?)" + NAME + "\\s*\\.");
	private static final Pattern SET_TYPE = Pattern.compile("(?is)^ALTER\\s+(?:COLUMN\\s+)?(" + NAME
			+ ")\\s+(?:SET\\s+DATA\\s+)?TYPE\\s+.*");

	private final DuckLakeKind kind;

	StructAlter(DuckLakeKind kind) {
		this.kind = kind;
	}

	/** Whether the rest of an ALTER TABLE is one of these (a dotted path, or a new type for a nested column). */
	static boolean applies(String rest, CatalogAt cat, TableEntry table) throws java.text.ParseException {
		if (DOTTED.matcher(rest).find()) {
			return true;
		}
		java.util.regex.Matcher m = SET_TYPE.matcher(rest.strip());
		if (!m.matches()) {
			return false;
		}
		String name = new Text(m.group(1)).name();
		return cat.column(table.id(), name).map(c -> !c.children().isEmpty()).orElse(false);
	}

	Answer execute(Text t, Attached a, CatalogAt cat, TableEntry table) throws java.text.ParseException,
			EngineException, DuckLakeException, SQLException {
		Commit c = a.pending();
		ColumnEntry changed;
		if (t.accept("ADD")) {
			t.accept("COLUMN");
			boolean ifNotExists = t.accept("IF", "NOT", "EXISTS");
			List<String> path = t.qualifiedName();
			ColumnEntry top = top(cat, table, path.get(0));
			String field = path.get(path.size() - 1);
			ColumnEntry parent = at(top, path.subList(1, path.size() - 1), path);
			if (!parent.type().equals("struct")) {
				throw new EngineException(Kind.FAILED, "Catalog Error: New fields can only be added to structs, not to "
						+ String.join(".", path.subList(0, path.size() - 1)) + " (" + parent.type() + ")");
			}
			if (child(parent, field) != null) {
				if (ifNotExists) {
					return kind.ok("ok");
				}
				throw new EngineException(Kind.FAILED, "Catalog Error: Column with name " + field
						+ " already exists!");
			}
			ColumnEntry probe = Alter.probe(kind.duck(), Changes.quoted(field) + " " + t.rest());
			long order = parent.children().stream().mapToLong(ColumnEntry::order).max().orElse(0) + 1;
			ColumnEntry added = NestedColumns.define(Alter.columnIds(a, c, table), table.id(), order, field, NestedTypes.duckType(probe),
					probe.initialDefault(), probe.defaultValue(), true);
			List<ColumnEntry> fields = new ArrayList<>(parent.children());
			fields.add(added);
			changed = replace(top, parent, parent.withChildren(fields));
		} else if (t.accept("DROP")) {
			t.accept("COLUMN");
			boolean ifExists = t.accept("IF", "EXISTS");
			List<String> path = t.qualifiedName();
			ColumnEntry top = top(cat, table, path.get(0));
			ColumnEntry parent = at(top, path.subList(1, path.size() - 1), path);
			ColumnEntry gone = parent.type().equals("struct") ? child(parent, path.get(path.size() - 1)) : null;
			if (gone == null) {
				if (ifExists) {
					return kind.ok("ok");
				}
				throw noField(path);
			}
			if (parent.children().size() == 1) {
				throw new EngineException(Kind.FAILED, "Catalog Error: Cannot drop field " + String.join(".", path)
						+ ": a struct keeps at least one field");
			}
			List<ColumnEntry> fields = new ArrayList<>(parent.children());
			fields.remove(gone);
			changed = replace(top, parent, parent.withChildren(fields));
		} else if (t.accept("RENAME")) {
			t.accept("COLUMN");
			List<String> path = t.qualifiedName();
			t.expect("TO");
			String to = t.name();
			ColumnEntry top = top(cat, table, path.get(0));
			ColumnEntry parent = at(top, path.subList(1, path.size() - 1), path);
			ColumnEntry field = parent.type().equals("struct") ? child(parent, path.get(path.size() - 1)) : null;
			if (field == null) {
				throw noField(path);
			}
			if (child(parent, to) != null) {
				throw new EngineException(Kind.FAILED, "Catalog Error: Column with name " + to + " already exists!");
			}
			changed = replace(top, field, field.renamed(to));
		} else {
			t.expect("ALTER");
			t.accept("COLUMN");
			String name = t.name();
			if (!t.accept("SET", "DATA", "TYPE")) {
				t.expect("TYPE");
			}
			ColumnEntry top = top(cat, table, name);
			String duckType = typeOf(t.rest());
			ColumnEntry wanted = NestedColumns.define(() -> 0, table.id(), top.order(), top.name(), duckType, null, null,
					true);
			changed = evolve(kind.duck(), Alter.columnIds(a, c, table), top, wanted);
			changed = new ColumnEntry(top.id(), 0, table.id(), top.order(), top.name(), changed.type(),
					top.initialDefault(), top.defaultValue(), top.nullsAllowed(), changed.children());
		}
		c.endColumn(table.id(), changed.id());
		c.newColumns.add(changed);
		c.changes.add("altered_table:" + table.id());
		kind.statementDone(a);
		return kind.ok("ok");
	}

	private String typeOf(String duckType) throws SQLException, EngineException {
		try (java.sql.Statement s = kind.duck().createStatement(); java.sql.ResultSet r = s.executeQuery(
				"SELECT typeof(CAST(NULL AS " + duckType + "))")) {
			r.next();
			return r.getString(1);
		}
	}

	/**
	 * The column as {@code wanted} says, with the ids of what it had: a struct's fields by name (new ones take new
	 * ids, in pre-order), a list's element, a map's key and value; a leaf keeps its id and may widen.
	 */
	private static ColumnEntry evolve(java.sql.Connection d, java.util.function.LongSupplier ids, ColumnEntry old,
			ColumnEntry wanted) throws EngineException, SQLException {
		if (!old.type().equals(wanted.type())) {
			if (old.children().isEmpty() && wanted.children().isEmpty() && Alter.widens(d, old.type(), wanted.type())) {
				return new ColumnEntry(old.id(), 0, old.tableId(), old.order(), old.name(), wanted.type(),
						old.initialDefault(), old.defaultValue(), old.nullsAllowed());
			}
			throw new EngineException(Kind.FAILED, "Not implemented Error: Cannot change type of column \""
					+ old.name() + "\" from " + NestedTypes.duckType(old) + " to " + NestedTypes.duckType(wanted));
		}
		if (old.children().isEmpty()) {
			return old;
		}
		List<ColumnEntry> fields = new ArrayList<>();
		long order = 1;
		for (ColumnEntry w : wanted.children()) {
			ColumnEntry o = child(old, w.name());
			if (o == null) {
				fields.add(fresh(ids, w, order++));
			} else {
				ColumnEntry e = evolve(d, ids, o, w);
				fields.add(new ColumnEntry(e.id(), 0, e.tableId(), order++, w.name(), e.type(), e.initialDefault(),
						e.defaultValue(), e.nullsAllowed(), e.children()));
			}
		}
		return old.withChildren(fields);
	}

	/** A new field and its fields, with new ids in pre-order. */
	private static ColumnEntry fresh(java.util.function.LongSupplier ids, ColumnEntry w, long order) {
		long id = ids.getAsLong();
		List<ColumnEntry> fields = new ArrayList<>();
		long o = 1;
		for (ColumnEntry f : w.children()) {
			fields.add(fresh(ids, f, o++));
		}
		return new ColumnEntry(id, 0, w.tableId(), order, w.name(), w.type(), null, null, true, fields);
	}

	private static ColumnEntry top(CatalogAt cat, TableEntry table, String name) throws EngineException {
		return cat.column(table.id(), name).orElseThrow(() -> new EngineException(Kind.FAILED, "Catalog Error: column \""
				+ name + "\" does not exist in table \"" + table.name() + "\""));
	}

	/** The part of {@code top} that {@code path} names (case aside). */
	private static ColumnEntry at(ColumnEntry top, List<String> path, List<String> whole) throws EngineException {
		ColumnEntry at = top;
		for (String p : path) {
			ColumnEntry next = child(at, p);
			if (next == null) {
				throw noField(whole);
			}
			at = next;
		}
		return at;
	}

	private static ColumnEntry child(ColumnEntry c, String name) {
		for (ColumnEntry f : c.children()) {
			if (f.name().toLowerCase(Locale.ROOT).equals(name.toLowerCase(Locale.ROOT))) {
				return f;
			}
		}
		return null;
	}

	/** {@code top} with the part {@code from} (found by id) put {@code to}. */
	private static ColumnEntry replace(ColumnEntry top, ColumnEntry from, ColumnEntry to) {
		if (top.id() == from.id()) {
			return to;
		}
		List<ColumnEntry> fields = new ArrayList<>();
		for (ColumnEntry f : top.children()) {
			fields.add(replace(f, from, to));
		}
		return top.withChildren(fields);
	}

	private static EngineException noField(List<String> path) {
		return new EngineException(Kind.FAILED, "Catalog Error: field \"" + String.join(".", path)
				+ "\" does not exist");
	}
}
