package io.lakestudio.moraine.internal.catalog;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.lakestudio.moraine.internal.store.Layout;
import io.lakestudio.moraine.internal.store.RowView;
import io.lakestudio.moraine.internal.store.Staged;

/** Catalog rows read through the store layer, and, in a transaction, staged back through it. */
final class Rows {

	final RowView view;
	private final Staged staged;

	Rows(RowView view, Staged staged) {
		this.view = view;
		this.staged = staged;
	}

	/** Every stored row of {@code family} whose key starts with {@code prefix}, visible or not. */
	List<Row> all(Family family, Object... prefix) {
		List<Row> rows = new ArrayList<>();
		for (List<Object> fields : view.scan(family.subspace, family.table, prefix))
			rows.add(Row.decode(family, fields));
		return rows;
	}

	/** The rows of {@code family} visible at {@code snapshot} whose key starts with {@code prefix}. */
	List<Row> at(long snapshot, Family family, Object... prefix) {
		List<Row> rows = all(family, prefix);
		rows.removeIf(r -> !r.visibleAt(snapshot));
		return rows;
	}

	Optional<Row> one(long snapshot, Family family, Object... prefix) {
		List<Row> rows = at(snapshot, family, prefix);
		if (rows.size() > 1)
			throw new IllegalStateException(rows.size() + " live " + family.table + " rows for one key: " + rows);
		return rows.stream().findFirst();
	}

	void put(Row row) {
		staged.put(row.family.subspace, Layout.rowKey(row.family.table, row.key()), row.stored());
	}

	void delete(Row row) {
		staged.delete(row.family.subspace, Layout.rowKey(row.family.table, row.key()));
	}

	Staged staged() {
		return staged;
	}
}
