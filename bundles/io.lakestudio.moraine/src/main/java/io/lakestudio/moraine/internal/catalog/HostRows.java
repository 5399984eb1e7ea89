package io.lakestudio.moraine.internal.catalog;

import static io.lakestudio.moraine.MoraineException.Kind.INVALID;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.lakestudio.moraine.DucklakeRows;
import io.lakestudio.moraine.MoraineException;

/**
 * A DuckLake host's rows, staged into one transaction as the row families hold them: a prefix of a family's id
 * columns finds rows by key range, other columns filter the family's rows.
 */
final class HostRows implements DucklakeRows {

	private final Mutations m;

	HostRows(Mutations m) {
		this.m = m;
	}

	private static Family family(String table) {
		return Family.byTable(table).orElseThrow(() -> new MoraineException(INVALID, "no catalog table " + table));
	}

	@Override
	public void insert(String table, Map<String, Object> row) {
		Family f = family(table);
		for (String c : row.keySet())
			if (!f.columns.contains(c))
				throw new MoraineException(INVALID, table + " has no column " + c);
		Object[] values = new Object[f.columns.size()];
		for (int i = 0; i < values.length; i++) {
			Object v = row.get(f.columns.get(i));
			values[i] = v instanceof Integer n ? Long.valueOf(n) : v;
		}
		if (f.temporal()) {
			// a row begins at this snapshot, unless the host backdates it (a merged file begins where the first
			// of the files it replaces began, so time travel before the merge still finds its rows)
			Object begin = values[f.begin];
			values[f.begin] = begin instanceof Long b && b >= 0 && b <= m.snapshot ? b : m.snapshot;
			values[f.end] = null;
		}
		m.rows.put(new Row(f, values));
		m.hostSchemaVersions |= f == Family.SCHEMA_VERSIONS;
	}

	@Override
	public void ownSchemaVersions() {
		m.hostSchemaVersions = true;
	}

	/** The stored rows of {@code f} matching {@code where}, read by the longest key prefix it gives. */
	private List<Row> matching(Family f, Map<String, Object> where) {
		List<Object> prefix = new ArrayList<>();
		for (int i = 0; i < f.idColumns && where.containsKey(f.columns.get(i)); i++)
			prefix.add(where.get(f.columns.get(i)));
		List<Row> out = new ArrayList<>();
		for (Row r : m.rows.all(f, prefix.toArray())) {
			boolean ok = true;
			for (Map.Entry<String, Object> e : where.entrySet())
				ok &= java.util.Objects.equals(r.get(e.getKey()), e.getValue() instanceof Integer n ? Long.valueOf(n)
						: e.getValue());
			if (ok)
				out.add(r);
		}
		return out;
	}

	@Override
	public int end(String table, Map<String, Object> where) {
		Family f = family(table);
		if (!f.temporal())
			throw new MoraineException(INVALID, table + " has no begin and end snapshots: delete its rows");
		int n = 0;
		for (Row r : matching(f, where))
			if (r.visibleAt(m.snapshot)) {
				m.end(r);
				n++;
			}
		return n;
	}

	/**
	 * The stored rows of {@code f} whose {@code column} holds one of {@code values}: a key range per value when
	 * the column leads the key, else one pass over the family.
	 */
	private List<Row> matchingAny(Family f, String column, java.util.Collection<Long> values) {
		if (values.isEmpty())
			return List.of();
		if (f.idColumns > 0 && f.columns.get(0).equals(column)) {
			List<Row> out = new ArrayList<>();
			for (Long v : new java.util.TreeSet<>(values))
				out.addAll(matching(f, Map.of(column, v)));
			return out;
		}
		java.util.Set<Long> wanted = new java.util.HashSet<>(values);
		List<Row> out = new ArrayList<>();
		for (Row r : m.rows.all(f))
			if (r.get(column) instanceof Long v && wanted.contains(v))
				out.add(r);
		return out;
	}

	@Override
	public int endAny(String table, String column, java.util.Collection<Long> values) {
		Family f = family(table);
		if (!f.temporal())
			throw new MoraineException(INVALID, table + " has no begin and end snapshots: delete its rows");
		int n = 0;
		for (Row r : matchingAny(f, column, values))
			if (r.visibleAt(m.snapshot)) {
				m.end(r);
				n++;
			}
		return n;
	}

	@Override
	public int deleteAny(String table, String column, java.util.Collection<Long> values) {
		List<Row> rows = matchingAny(family(table), column, values);
		rows.forEach(m.rows::delete);
		return rows.size();
	}

	@Override
	public int delete(String table, Map<String, Object> where) {
		List<Row> rows = matching(family(table), where);
		rows.forEach(m.rows::delete);
		return rows.size();
	}

	@Override
	public List<Map<String, Object>> live(String table, Map<String, Object> where) {
		List<Map<String, Object>> out = new ArrayList<>();
		for (Row r : matching(family(table), where))
			if (r.visibleAt(m.snapshot))
				out.add(r.asMap());
		return out;
	}

	@Override
	public void counters(long schemaVersion, long nextCatalogId, long nextFileId) {
		m.counters.schemaVersion = schemaVersion;
		m.counters.nextCatalogId = Math.max(m.counters.nextCatalogId, nextCatalogId);
		m.counters.nextFileId = Math.max(m.counters.nextFileId, nextFileId);
		m.counters.nextColumnId = Math.max(m.counters.nextColumnId, m.counters.nextCatalogId);
	}

	@Override
	public void change(String change) {
		m.changes.add(change);
	}
}
