package io.lakestudio.moraine.ducklake;

import java.util.Set;

import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.Snapshot;

/**
 * DuckLake's conflict rules, as the SQLite store applies them, for a commit begun on an older snapshot than the
 * store's latest (another session of this writer committed meanwhile): two inserts into one table both go in, and
 * an insert beside a delete; a drop or an alter of a table the other touched conflicts, as do two schema changes.
 * What goes in has its file ids moved past theirs.
 */
final class Conflicts {

	private Conflicts() {
	}

	/** How far the commit's new file ids move; throws when it conflicts. */
	static long check(MoraineStore store, Commit c, Snapshot latest) throws DuckLakeException {
		Snapshot base = c.base();
		if (latest.id() == base.id()) {
			return 0;
		}
		Set<Long> touched = c.touchedTables();
		for (Snapshot s : store.snapshots()) {
			if (s.id() <= base.id()) {
				continue;
			}
			String changes = s.changesMade();
			for (String change : changes == null || changes.isEmpty() ? new String[0] : changes.split(",")) {
				int colon = change.indexOf(':');
				String kind = colon < 0 ? change : change.substring(0, colon);
				String what = colon < 0 ? "" : change.substring(colon + 1);
				boolean onTable = kind.endsWith("_table") && !kind.startsWith("created");
				if (onTable && what.matches("\\d+") && touched.contains(Long.parseLong(what))) {
					long table = Long.parseLong(what);
					boolean oursDropsOrAlters = c.endedTables.contains(table) || c.endedColumns.containsKey(table)
							|| c.newColumns.stream().anyMatch(x -> x.tableId() == table);
					boolean oursDeletes = c.newDeleteFiles.stream().anyMatch(x -> x.tableId() == table);
					boolean fine = !oursDropsOrAlters && (kind.equals("inserted_into_table")
							|| kind.equals("deleted_from_table") && !oursDeletes);
					if (!fine) {
						throw conflict(store, latest, change);
					}
				}
			}
		}
		if (c.changesSchema() && latest.schemaVersion() != base.schemaVersion()) {
			throw conflict(store, latest, "a schema change");
		}
		return latest.nextFileId() - base.nextFileId();
	}

	private static DuckLakeException conflict(MoraineStore store, Snapshot latest, String change) {
		return new DuckLakeException.Conflict(store.location() + ": Transaction conflict: snapshot " + latest.id()
				+ " was committed since this transaction began and made " + change);
	}
}
