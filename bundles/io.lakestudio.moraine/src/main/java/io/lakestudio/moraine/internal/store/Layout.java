package io.lakestudio.moraine.internal.store;

/**
 * Where each kind of entry lives: the subspaces of the keyspace and the keys of the store's own records. Knows
 * no catalog meaning: a "row family" is a name and a key tuple to this layer.
 */
public final class Layout {

	/** The layout version this build writes and the highest it reads. */
	public static final int FORMAT_VERSION = 1;

	/** The store's own records: the format stamp, the head, the writer lease, a migration cursor. */
	public static final String META = "meta";
	/** Begin/end-versioned rows every snapshot reads, and the few current-only ones beside them. */
	public static final String CURRENT = "current";
	/** One record per committed snapshot and what it changed. */
	public static final String SNAPSHOTS = "snapshots";
	/** Inlined row chunks, by owner and first row id. */
	public static final String INLINED = "inlined";
	/** Equality index entries, by index id, value and row id. */
	public static final String INDEX = "index";
	/** Options, outside the snapshot protocol. */
	public static final String OPTIONS = "options";
	/** The maintenance status history. */
	public static final String MAINTENANCE = "maintenance";

	public static final String[] SUBSPACES = { META, CURRENT, SNAPSHOTS, INLINED, INDEX, OPTIONS, MAINTENANCE };

	public static final byte[] FORMAT_KEY = Keys.of("format");
	public static final byte[] HEAD_KEY = Keys.of("head");
	public static final byte[] LEASE_KEY = Keys.of("lease");
	public static final byte[] MIGRATION_KEY = Keys.of("migration");

	private Layout() {
	}

	/** A row of {@code family} identified by {@code ids}. */
	public static byte[] rowKey(String family, Object... ids) {
		Object[] parts = new Object[ids.length + 1];
		parts[0] = family;
		System.arraycopy(ids, 0, parts, 1, ids.length);
		return Keys.of(parts);
	}

	public static byte[] chunkKey(long owner, long firstRowId) {
		return Keys.of(owner, firstRowId);
	}

	public static byte[] indexKey(long index, byte[] value, long rowId) {
		return Keys.of(index, value, rowId);
	}

	public static byte[] optionKey(String scope, long scopeId, String key) {
		return Keys.of(scope, scopeId, key);
	}

	public static byte[] passKey(long pass) {
		return Keys.of(pass);
	}
}
