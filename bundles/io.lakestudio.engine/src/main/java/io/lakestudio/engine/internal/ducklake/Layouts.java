package io.lakestudio.engine.internal.ducklake;

import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.PartitionSpec;
import io.lakestudio.ducklake.SortSpec;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.engine.CatalogKind.Answer;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;

/**
 * {@code ALTER TABLE ... SET|RESET PARTITIONED BY} and {@code SET|RESET SORTED BY}: a new partitioning or sort
 * order from the next snapshot on (files written before keep theirs), and what a table has as a session sees it
 * (its open transaction's own setting first).
 */
final class Layouts {

	/** The transforms DuckLake partitions by, besides identity (a bare column). */
	static final Set<String> TRANSFORMS = Set.of("year", "month", "day", "hour", "epoch_year", "epoch_month",
			"epoch_day", "epoch_hour", "bucket");

	private final DuckLakeKind kind;

	Layouts(DuckLakeKind kind) {
		this.kind = kind;
	}

	/** The table's partitioning as the session sees it. */
	static Optional<PartitionSpec> partitioning(Attached a, long table) throws DuckLakeException {
		Commit p = a.pendingOrNull();
		if (p != null && p.partitionings.containsKey(table)) {
			PartitionSpec s = p.partitionings.get(table);
			return s.none() ? Optional.empty() : Optional.of(s);
		}
		return a.catalog.store().partitioning(table, a.snapshot().id());
	}

	/** The table's sort order as the session sees it. */
	static Optional<SortSpec> sorting(Attached a, long table) throws DuckLakeException {
		Commit p = a.pendingOrNull();
		if (p != null && p.sortings.containsKey(table)) {
			SortSpec s = p.sortings.get(table);
			return s.none() ? Optional.empty() : Optional.of(s);
		}
		return a.catalog.store().sorting(table, a.snapshot().id());
	}

	/** Whether the statement (after ALTER TABLE name) is one of these. */
	static boolean handles(Text t) {
		return t.peek("SET", "PARTITIONED") || t.peek("RESET", "PARTITIONED") || t.peek("SET", "SORTED")
				|| t.peek("RESET", "SORTED");
	}

	Answer alter(Text t, Attached a, CatalogAt cat, TableEntry table) throws java.text.ParseException,
			EngineException, DuckLakeException, SQLException {
		Commit c = a.pending();
		if (t.accept("RESET", "PARTITIONED", "BY")) {
			c.partitionings.put(table.id(), new PartitionSpec(0, table.id(), List.of()));
			c.schemaChanged();
		} else if (t.accept("SET", "PARTITIONED", "BY")) {
			List<PartitionSpec.Key> keys = partitionKeys(a, cat, table, t.parenthesised());
			c.partitionings.put(table.id(), new PartitionSpec(c.catalogId(), table.id(), keys));
		} else if (t.accept("RESET", "SORTED", "BY")) {
			c.sortings.put(table.id(), new SortSpec(0, table.id(), List.of()));
			c.schemaChanged();
		} else {
			t.expect("SET", "SORTED", "BY");
			List<SortSpec.Key> keys = sortKeys(cat, table, t.parenthesised());
			c.sortings.put(table.id(), new SortSpec(c.catalogId(), table.id(), keys));
		}
		c.changes.add("altered_table:" + table.id());
		kind.statementDone(a);
		return kind.ok("ok");
	}

	private List<PartitionSpec.Key> partitionKeys(Attached a, CatalogAt cat, TableEntry table, String list)
			throws java.text.ParseException, EngineException, DuckLakeException {
		List<PartitionSpec.Key> keys = new ArrayList<>();
		for (String item : Text.commas(list)) {
			Text k = new Text(item);
			String name = k.name();
			String transform = "identity";
			String column = name;
			if (!k.atEnd() && k.peek("(")) {
				transform = name.toLowerCase(Locale.ROOT);
				List<String> args = Text.commas(k.parenthesised());
				if (!TRANSFORMS.contains(transform)) {
					throw new EngineException(Kind.FAILED, "Binder Error: Unsupported partition transform " + name
							+ ": only year, month, day, hour, epoch_year, epoch_month, epoch_day, epoch_hour, and bucket"
							+ " are supported");
				}
				if (transform.equals("bucket")) {
					if ("1.0".equals(a.catalog.store().metadata().get("version"))) {
						// DuckLake 1.0's partition transforms have no bucket
						throw new EngineException(Kind.FAILED, "Not implemented Error: DuckLake 1.0 does not support"
								+ " the bucket partition transform");
					}
					if (args.size() != 2 || !args.get(0).strip().matches("[1-9][0-9]{0,8}")) {
						throw new EngineException(Kind.FAILED, "Binder Error: bucket() takes a positive bucket count"
								+ " and a column: bucket(n, column)");
					}
					// kept as the extension keeps it: bucket(n), on the column
					transform = "bucket(" + args.get(0).strip() + ")";
					args = List.of(args.get(1));
				}
				if (args.size() != 1) {
					throw new EngineException(Kind.FAILED, "Binder Error: " + transform + "() takes one column");
				}
				column = new Text(args.get(0)).name();
				if (transform.startsWith("epoch_") && "1.0".equals(a.catalog.store().metadata().get("version"))) {
					throw new EngineException(Kind.FAILED, "Not implemented Error: DuckLake 1.0 does not support the "
							+ transform + " partition transform");
				}
			}
			String col = column;
			ColumnEntry c = cat.column(table.id(), col).orElseThrow(() -> new EngineException(Kind.FAILED,
					"Binder Error: cannot partition by column \"" + col + "\": column \"" + col + "\" does not exist"));
			keys.add(new PartitionSpec.Key(keys.size(), c.id(), transform));
		}
		return List.copyOf(keys);
	}

	private static final Pattern SORT_KEY = Pattern.compile(
			"(?is)^(.*?)(?:\\s+(ASC|DESC))?(?:\\s+NULLS\\s+(FIRST|LAST))?\\s*$");

	/** Each key's expression must bind against the table's columns (DuckDB binds it over an empty copy). */
	private List<SortSpec.Key> sortKeys(CatalogAt cat, TableEntry table, String list) throws EngineException,
			SQLException {
		List<SortSpec.Key> keys = new ArrayList<>();
		List<String> unmatched = new ArrayList<>();
		List<ColumnEntry> cols = cat.columns(table.id());
		try (Statement s = kind.duck().createStatement()) {
			s.execute("CREATE OR REPLACE TEMP TABLE __dl_sort_probe (" + Changes.definitions(cols) + ")");
			for (String item : Text.commas(list)) {
				Matcher m = SORT_KEY.matcher(item.strip());
				m.matches();
				String expr = m.group(1).strip();
				String dir = m.group(2) == null ? "ASC" : m.group(2).toUpperCase(Locale.ROOT);
				String nulls = m.group(3) == null ? "NULLS_LAST" : "NULLS_" + m.group(3).toUpperCase(Locale.ROOT);
				try {
					s.executeQuery("SELECT " + expr + " FROM __dl_sort_probe").close();
				} catch (SQLException e) {
					unmatched.add(expr);
					continue;
				}
				keys.add(new SortSpec.Key(expr, dir, nulls));
			}
		}
		if (!unmatched.isEmpty()) {
			throw new EngineException(Kind.FAILED, "Binder Error: Columns in the SET SORTED BY statement were not found"
					+ " in the DuckLake table. Unmatched columns were: " + String.join(", ", unmatched));
		}
		return List.copyOf(keys);
	}

	/**
	 * DROP COLUMN of a column the table's sort order names (as a bare column) is refused, as the extension refuses
	 * it.
	 */
	static void checkDrop(Attached a, TableEntry table, ColumnEntry col) throws DuckLakeException, EngineException {
		Optional<SortSpec> s = sorting(a, table.id());
		if (s.isEmpty()) {
			return;
		}
		for (SortSpec.Key k : s.get().keys()) {
			if (mentions(k.expression(), col.name())) {
				throw new EngineException(Kind.FAILED, "Catalog Error: Cannot drop column \"" + col.name()
						+ "\": the table is sorted by this column");
			}
		}
	}

	/** RENAME COLUMN: the sort order's keys that name the column name it as renamed (a new sort order row). */
	static void renamed(Attached a, Commit c, TableEntry table, String from, String to) throws DuckLakeException {
		Optional<SortSpec> s = sorting(a, table.id());
		if (s.isEmpty() || s.get().keys().stream().noneMatch(k -> mentions(k.expression(), from))) {
			return;
		}
		List<SortSpec.Key> keys = new ArrayList<>();
		Pattern p = Pattern.compile("(?i)(^|[^A-Za-z0-9_\"])\"?" + Pattern.quote(from) + "\"?(?=$|[^A-Za-z0-9_\"])");
		for (SortSpec.Key k : s.get().keys()) {
			String e = p.matcher(k.expression()).replaceAll(m -> Matcher.quoteReplacement(m.group(1)
					+ (to.matches("[a-z_][a-z0-9_]*") ? to : io.lakestudio.engine.internal.Sql.ident(to))));
			keys.add(new SortSpec.Key(e, k.direction(), k.nullOrder()));
		}
		c.sortings.put(table.id(), new SortSpec(c.catalogId(), table.id(), List.copyOf(keys)));
	}

	private static boolean mentions(String expression, String column) {
		String e = expression.toLowerCase(Locale.ROOT);
		String c = column.toLowerCase(Locale.ROOT);
		return Pattern.compile("(^|[^a-z0-9_])\"?" + Pattern.quote(c) + "\"?($|[^a-z0-9_])").matcher(e).find();
	}
}
