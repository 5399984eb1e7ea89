package io.lakestudio.moraine.internal.catalog;

/**
 * The catalog's counters at a snapshot, as ducklake_snapshot carries them: ids are drawn from them and never
 * handed out twice, which is what lets a sweep decide what is dead without asking the writer.
 */
public final class Counters {

	public long snapshot, schemaVersion, nextCatalogId, nextFileId;
	/** Field ids are per table in DuckLake; moraine draws them from one counter so none is ever reused. */
	public long nextColumnId;

	public Counters(long snapshot, long schemaVersion, long nextCatalogId, long nextFileId, long nextColumnId) {
		this.snapshot = snapshot;
		this.schemaVersion = schemaVersion;
		this.nextCatalogId = nextCatalogId;
		this.nextFileId = nextFileId;
		this.nextColumnId = nextColumnId;
	}

	public Counters copy() {
		return new Counters(snapshot, schemaVersion, nextCatalogId, nextFileId, nextColumnId);
	}

	public long[] toArray() {
		return new long[] { snapshot, schemaVersion, nextCatalogId, nextFileId, nextColumnId };
	}

	public static Counters of(long[] a) {
		return new Counters(a[0], a[1], a[2], a[3], a[4]);
	}
}
