package io.lakestudio.engine.internal.ducklake;

import java.util.List;

import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.engine.CatalogKind.Answer;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;

/**
 * {@code CHECKPOINT [catalog]} on a DuckLake catalog: as the extension, the maintenance calls in its order, each
 * as {@code CALL ducklake_<call>('<catalog>')} would run it (their defaults from the catalog's options). A call
 * not carried out here yet stops the checkpoint there, saying which. {@code CHECKPOINT} with no DuckLake default
 * (the session's in-memory database) has nothing to maintain.
 */
final class Checkpoint {

	/** The extension's order (ducklake.select, Maintenance / Checkpoint). */
	static final List<String> CALLS = List.of("flush_inlined_data", "expire_snapshots", "merge_adjacent_files",
			"rewrite_data_files", "cleanup_old_files", "delete_orphaned_files");

	private final DuckLakeKind kind;

	Checkpoint(DuckLakeKind kind) {
		this.kind = kind;
	}

	Answer execute(Text t) throws java.text.ParseException, EngineException, DuckLakeException {
		t.expect("CHECKPOINT");
		String name = t.atEnd() || t.peek(";") ? kind.defaultCatalog() : t.name();
		if (name == null || name.equalsIgnoreCase("memory")) {
			return kind.ok("ok");
		}
		Attached a = kind.catalog(name);
		if (a == null) {
			throw new EngineException(Kind.FAILED, "Binder Error: Database \"" + name + "\" not found");
		}
		Changes.writable(a);
		// the extension checkpoints from a connection of its own: each call commits on its own and sees what is
		// committed, not this transaction's changes, which stay open (their COMMIT may then conflict with it)
		io.lakestudio.ducklake.Commit open = a.setAside();
		try {
			calls(a);
		} finally {
			a.resume(open);
		}
		return kind.ok("ok");
	}

	private void calls(Attached a) throws java.text.ParseException, EngineException, DuckLakeException {
		for (String call : CALLS) {
			try {
				// a call answers with the query that carries it out: run it here, its rows unread
				Answer answer = new Calls(kind).execute(new Text("ducklake_" + call + "('" + a.name.replace("'", "''")
						+ "')"));
				if (answer.query() != null) {
					try (java.sql.Statement s = answer.connection().createStatement()) {
						s.execute(answer.query());
					}
				}
			} catch (java.sql.SQLException e) {
				throw new EngineException(Kind.FAILED, "CHECKPOINT " + a.name + ": " + call + " failed: " + e.getMessage(), e);
			} catch (EngineException e) {
				if (e.getMessage().startsWith("Not implemented Error")) {
					throw new EngineException(Kind.FAILED, "Not implemented Error: CHECKPOINT " + a.name + " runs "
							+ String.join(", ", CALLS) + " in turn; " + call + " is not carried out here yet", e);
				}
				throw e;
			}
		}
	}
}
