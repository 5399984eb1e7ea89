package io.lakestudio.ducklake.internal;

import java.sql.SQLException;
import java.util.List;
import java.util.Set;

import io.lakestudio.ducklake.Commit;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.Snapshot;

/**
 * Whether a commit begun on an older snapshot may still go in after the snapshots committed since. Refused (as
 * conflicts) when one of those touched a table this commit writes, drops or alters, or when both change the
 * schema (their new ids would collide); otherwise its new file ids move past theirs. Stricter than the
 * extension, which also lets two inserts into one table both go in.
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
				boolean onTable = kind.endsWith("_table") && !kind.startsWith("created");
				if (onTable && what.matches("\\d+") && touched.contains(Long.parseLong(what))) {
					throw conflict(store, latest, change);
				}
			}
		}
		if (c.changesSchema() && latest.schemaVersion() != base.schemaVersion()) {
			throw conflict(store, latest, "a schema change");
		}
		return latest.nextFileId() - base.nextFileId();
	}

	private static DuckLakeException conflict(SqlStore store, Snapshot latest, String change) {
		return new DuckLakeException.Conflict(store.location() + ": Transaction conflict: snapshot " + latest.id()
				+ " was committed since this transaction began and made " + change);
	}
}
