package io.lakestudio.ducklake.internal;

import java.sql.SQLException;
import java.util.List;
import java.util.Set;

import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.Snapshot;

/**
 * Whether a commit begun on an older snapshot may still go in after the snapshots committed since, as the
 * extension retries it: two inserts into one table both go in, and an insert beside a delete; a drop or an alter
 * of a table the other touched conflicts, as do two schema changes (their new ids would collide). What goes in
 * has its file ids and row ids moved past theirs.
 */
final class Conflicts {

	private Conflicts() {
	}

	/** How far the commit's new file ids move; throws when it conflicts. */
	static long check(SqlStore store, Commit c, Snapshot latest) throws DuckLakeException, SQLException {
		Snapshot base = c.base();
		if (latest.id() == base.id()) {
			return 0;
		}
		Set<Long> touched = c.touchedTables();
		List<String> since = store.changesAfter(base.id());
		for (String changes : since) {
			for (String change : changes == null ? new String[0] : changes.split(",")) {
				int colon = change.indexOf(':');
				String kind = colon < 0 ? change : change.substring(0, colon);
				String what = colon < 0 ? "" : change.substring(colon + 1);
				boolean compacted = kind.equals("merge_adjacent") || kind.equals("rewrite_delete")
						|| kind.equals("compacted_table");
				boolean onTable = (kind.endsWith("_table") || compacted) && !kind.startsWith("created");
				if (onTable && what.matches("\\d+") && touched.contains(Long.parseLong(what))) {
					long table = Long.parseLong(what);
					// two inserts into one table both go in, and an insert beside a delete (row ids move past
					// theirs); two deletes, or a drop or alter beside anything, conflict
					boolean oursDropsOrAlters = c.endedTables.contains(table) || c.endedColumns.containsKey(table)
							|| c.newColumns.stream().anyMatch(x -> x.tableId() == table);
					// a merge or rewrite beside a delete would lose the delete (or delete from a file it replaced)
					boolean oursDeletes = c.newDeleteFiles.stream().anyMatch(x -> x.tableId() == table)
							|| c.compactedTables.contains(table);
					boolean fine = !oursDropsOrAlters && (kind.equals("inserted_into_table")
							|| (kind.equals("deleted_from_table") || compacted) && !oursDeletes);
					if (!fine) {
						throw conflict(store, latest, change);
					}
				}
			}
		}
		if (c.onlyMacros()) {
			// macros made or dropped beside other changes go in (their ids moved along), unless both made the
			// same macro or dropped the same one
			for (String changes : since) {
				for (String change : changes == null ? new String[0] : changes.split(",(?=[a-z_]+:)")) {
					if (change.contains("_macro:") && c.changes.contains(change)) {
						throw conflict(store, latest, change);
					}
				}
			}
		} else if (c.changesSchema() && latest.schemaVersion() != base.schemaVersion()) {
			throw conflict(store, latest, "a schema change");
		}
		return latest.nextFileId() - base.nextFileId();
	}

	private static DuckLakeException conflict(SqlStore store, Snapshot latest, String change) {
		return new DuckLakeException.Conflict(store.location() + ": Transaction conflict: snapshot " + latest.id()
				+ " was committed since this transaction began and made " + change);
	}
}
