package io.lakestudio.ui.sql;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.SchemaEntry;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.ui.ducklake.DuckLakeTree;

/**
 * Completion of the kept DuckLake catalogs' names, read from their catalog files as the tree reads them:
 * {@code catalog.schema.table.column}, where {@code catalog.table} is a table of {@code main} (as DuckDB resolves
 * it), and a first part that is no catalog is taken as a table name whose columns follow.
 */
final class DuckLakeSqlNames {

	private final DuckLakeTree lakes;

	DuckLakeSqlNames(DuckLakeTree lakes) {
		this.lakes = lakes;
	}

	void propose(List<String> parts, String prefix, Set<SqlNames.Proposal> out) {
		if (parts.isEmpty()) {
			lakes.kept().stream().filter(a -> starts(a.name(), prefix))
					.forEach(a -> out.add(new SqlNames.Proposal(SqlNames.quote(a.name()), a.name() + " (DuckLake)")));
			return;
		}
		Optional<DuckLakeTree.Read> cat = lakes.kept().stream().filter(a -> a.name().equalsIgnoreCase(parts.get(0)))
				.findFirst().map(a -> lakes.read(a.name())).filter(r -> r.error() == null);
		if (cat.isEmpty()) {
			if (parts.size() == 1) {
				for (var a : lakes.kept()) {
					DuckLakeTree.Read r = lakes.read(a.name());
					if (r.error() == null) {
						r.at().tables().stream().filter(t -> t.name().equalsIgnoreCase(parts.get(0)))
								.forEach(t -> columns(r, t, prefix, out));
					}
				}
			}
			return;
		}
		DuckLakeTree.Read r = cat.get();
		switch (parts.size()) {
		case 1 -> {
			r.at().schemas().stream().map(SchemaEntry::name).filter(s -> starts(s, prefix))
					.forEach(s -> out.add(new SqlNames.Proposal(SqlNames.quote(s), s + " (schema)")));
			tables(r, "main", prefix, out);
		}
		case 2 -> {
			tables(r, parts.get(1), prefix, out);
			r.at().table("main", parts.get(1)).ifPresent(t -> columns(r, t, prefix, out));
		}
		case 3 -> r.at().table(parts.get(1), parts.get(2)).ifPresent(t -> columns(r, t, prefix, out));
		default -> {
		}
		}
	}

	private static void tables(DuckLakeTree.Read r, String schema, String prefix, Set<SqlNames.Proposal> out) {
		r.at().schema(schema).ifPresent(s -> {
			r.at().tables().stream().filter(t -> t.schemaId() == s.id() && starts(t.name(), prefix)).forEach(
					t -> out.add(new SqlNames.Proposal(SqlNames.quote(t.name()), t.name() + " (table)")));
			r.at().views().stream().filter(v -> v.schemaId() == s.id() && starts(v.name(), prefix)).forEach(
					v -> out.add(new SqlNames.Proposal(SqlNames.quote(v.name()), v.name() + " (view)")));
		});
	}

	private static void columns(DuckLakeTree.Read r, TableEntry t, String prefix, Set<SqlNames.Proposal> out) {
		r.at().columns(t.id()).stream().sorted(java.util.Comparator.comparingLong(ColumnEntry::order))
				.filter(c -> starts(c.name(), prefix))
				.forEach(c -> out.add(new SqlNames.Proposal(SqlNames.quote(c.name()), c.name() + " : " + c.type())));
	}

	private static boolean starts(String name, String prefix) {
		return name.toLowerCase(Locale.ROOT).startsWith(prefix.toLowerCase(Locale.ROOT));
	}
}
