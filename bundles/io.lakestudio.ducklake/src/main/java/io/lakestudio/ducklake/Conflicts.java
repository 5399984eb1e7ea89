package io.lakestudio.ducklake;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * DuckLake's conflict rules, as the extension applies them when a commit finds snapshots committed since its
 * transaction began: what this commit did ({@link Commit#changes}) against what those did ({@code changes_made}).
 * Two creations of different tables, inserts into one table, deletes from different files of one table all go in;
 * two creations of one name, two drops of one thing, a write to a table another dropped or altered, a delete
 * beside a compaction, two alters of one table conflict, each with the extension's message. One place for every
 * store (SQLite, DuckDB file, moraine); what goes in has its catalog ids moved past the others' (they took those
 * ids first) and its file ids shifted as the returned value says.
 */
public final class Conflicts {

	private final MetadataStore store;
	private final Commit c;
	private final Snapshot latest;
	private final SnapshotChanges ours;
	private final SnapshotChanges theirs;

	private Conflicts(MetadataStore store, Commit c, Snapshot latest, SnapshotChanges theirs) {
		this.store = store;
		this.c = c;
		this.latest = latest;
		this.ours = SnapshotChanges.of(c.changes);
		this.theirs = theirs;
	}

	/**
	 * Checks {@code c} against the snapshots after its base up to {@code latest} (read in the store's write
	 * transaction), throws {@link DuckLakeException.Conflict} with the extension's message when they conflict, else
	 * moves its new catalog ids to start at {@code latest}'s next one and returns how far its file ids move.
	 */
	public static long rebase(MetadataStore store, Commit c, Snapshot latest) throws DuckLakeException {
		Snapshot base = c.base();
		if (latest.id() != base.id()) {
			List<String> since = new ArrayList<>();
			for (Snapshot s : store.snapshots()) {
				if (s.id() > base.id()) {
					since.add(s.changesMade());
				}
			}
			new Conflicts(store, c, latest, SnapshotChanges.of(since)).check();
		}
		c.moveCatalogIds(latest.nextCatalogId());
		return latest.nextFileId() - base.nextFileId();
	}

	private void check() throws DuckLakeException {
		for (long id : existing(ours.droppedTables)) {
			check(id, theirs.droppedTables, "drop table", "dropped it already");
		}
		for (long id : existing(ours.droppedViews)) {
			check(id, theirs.droppedViews, "drop view", "dropped it already");
		}
		for (long id : existing(ours.droppedScalarMacros)) {
			check(id, theirs.droppedScalarMacros, "drop macro", "dropped it already");
		}
		for (long id : existing(ours.droppedTableMacros)) {
			check(id, theirs.droppedTableMacros, "drop macro", "dropped it already");
		}
		for (long id : existing(ours.droppedSchemas)) {
			check(id, theirs.droppedSchemas, "drop schema", "dropped it already");
			String name = schemaName(id);
			if (name != null && theirs.createdEntries.containsKey(name)) {
				throw conflict("drop schema with name \"" + name + "\"", "created an entry in this schema");
			}
		}
		for (String name : ours.createdSchemas) {
			if (theirs.createdSchemas.contains(name)) {
				throw conflict("create schema with name \"" + name + "\"", "created a schema with this name already");
			}
		}
		created(ours.createdTableMacros, theirs.createdTableMacros, "table");
		created(ours.createdScalarMacros, theirs.createdScalarMacros, "scalar");
		created(ours.createdEntries, theirs.createdEntries, null);
		for (Set<Long> inserts : List.of(ours.inserted, ours.insertedInlined)) {
			for (long id : existing(inserts)) {
				check(id, theirs.droppedTables, "insert into table", "dropped it");
				check(id, theirs.altered, "insert into table", "altered it");
			}
		}
		for (long id : existing(ours.deletedFrom)) {
			check(id, theirs.droppedTables, "delete from table", "dropped it");
			check(id, theirs.altered, "delete from table", "altered it");
			check(id, theirs.compacted, "delete from table", "compacted it");
			if (theirs.deletedFrom.contains(id)) {
				deletedFiles(id);
			}
		}
		for (long id : existing(ours.deletedInlined)) {
			check(id, theirs.droppedTables, "delete from table", "dropped it");
			check(id, theirs.altered, "delete from table", "altered it");
			check(id, theirs.deletedInlined, "delete from table", "deleted from it");
			check(id, theirs.flushedInlined, "delete from table", "flushed the inlined data");
		}
		for (long id : existing(ours.flushedInlined)) {
			check(id, theirs.droppedTables, "flush inline data", "dropped it");
			check(id, theirs.deletedInlined, "flush inline data", "deleted from it");
			check(id, theirs.flushedInlined, "flush inline data", "flushed it");
		}
		for (long id : existing(ours.compacted)) {
			check(id, theirs.droppedTables, "compact table", "dropped it");
			check(id, theirs.deletedFrom, "compact table", "deleted from it");
			check(id, theirs.compacted, "compact table", "compacted it");
		}
		for (long id : existing(ours.altered)) {
			check(id, theirs.droppedTables, "alter table", "dropped it");
			check(id, theirs.altered, "alter table", "altered it");
		}
		for (long id : existing(ours.alteredViews)) {
			check(id, theirs.droppedViews, "alter view", "dropped it");
			check(id, theirs.alteredViews, "alter view", "altered it");
		}
	}

	/** The ids that were there at the base: the others can't name what only this commit made. */
	private Set<Long> existing(Set<Long> ids) {
		Set<Long> out = new java.util.LinkedHashSet<>(ids);
		out.removeIf(c::ownsCatalogId);
		return out;
	}

	private void check(long id, Set<Long> theirs, String action, String theyDid) throws DuckLakeException {
		if (theirs.contains(id)) {
			throw conflict(action + " with index \"" + id + "\"", theyDid);
		}
	}

	/** Entries made in a schema the others dropped, or under a name they made in it too. */
	private void created(Map<String, Map<String, String>> mine, Map<String, Map<String, String>> others, String type)
			throws DuckLakeException {
		for (Map.Entry<String, Map<String, String>> schema : mine.entrySet()) {
			for (Map.Entry<String, String> e : schema.getValue().entrySet()) {
				String what = type != null ? type : e.getValue();
				String action = "create " + what + " \"" + e.getKey() + "\" in schema \"" + schema.getKey() + "\"";
				Long schemaId = schemaId(e.getKey());
				if (schemaId != null && !c.ownsCatalogId(schemaId)) {
					check(schemaId, theirs.droppedSchemas, action, "dropped this schema");
				}
				Map<String, String> there = others.get(schema.getKey());
				String made = there == null ? null : there.get(e.getKey());
				if (made != null) {
					throw new DuckLakeException.Conflict(store.location() + ": Transaction conflict - attempting to "
							+ action + " - but this " + made + " has been created by another transaction already");
				}
			}
		}
	}

	/**
	 * Deletes from one table on both sides go in unless they touched one data file: the files the others deleted
	 * from (a new delete file) or dropped since the base, against the files this commit deletes from or drops.
	 */
	private void deletedFiles(long table) throws DuckLakeException {
		Set<Long> touched = new HashSet<>();
		for (DeleteFile f : store.deleteFiles(table, latest.id())) {
			// a delete file that took another's place begins at its first delete: its id says it is new
			if (f.beginSnapshot() > c.base().id() || f.id() >= c.base().nextFileId()) {
				touched.add(f.dataFileId());
			}
		}
		Set<Long> live = new HashSet<>();
		store.dataFiles(table, latest.id()).forEach(f -> live.add(f.id()));
		for (DataFile f : store.dataFiles(table, c.base().id())) {
			if (!live.contains(f.id())) {
				touched.add(f.id());
			}
		}
		Set<Long> mine = new java.util.LinkedHashSet<>();
		c.newDeleteFiles.stream().filter(f -> f.tableId() == table).forEach(f -> mine.add(f.dataFileId()));
		mine.addAll(c.endedDataFiles);
		for (long file : mine) {
			check(file, touched, "delete from file", "deleted from it");
		}
	}

	private Long schemaId(String entryName) {
		for (TableEntry t : c.newTables) {
			if (t.name().equalsIgnoreCase(entryName)) {
				return t.schemaId();
			}
		}
		for (ViewEntry v : c.newViews) {
			if (v.name().equalsIgnoreCase(entryName)) {
				return v.schemaId();
			}
		}
		for (MacroEntry m : c.newMacros) {
			if (m.name().equalsIgnoreCase(entryName)) {
				return m.schemaId();
			}
		}
		return null;
	}

	private String schemaName(long id) throws DuckLakeException {
		for (SchemaEntry s : store.at(c.base()).schemas()) {
			if (s.id() == id) {
				return s.name();
			}
		}
		return null;
	}

	private DuckLakeException conflict(String attempt, String theyDid) {
		return new DuckLakeException.Conflict(store.location() + ": Transaction conflict - attempting to " + attempt
				+ " - but another transaction has " + theyDid);
	}
}
