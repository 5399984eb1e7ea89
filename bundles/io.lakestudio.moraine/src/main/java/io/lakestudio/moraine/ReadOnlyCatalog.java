package io.lakestudio.moraine;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.lakestudio.moraine.internal.catalog.SnapshotReader;
import io.lakestudio.moraine.internal.store.Layout;
import io.lakestudio.moraine.internal.store.RowView;
import io.lakestudio.moraine.internal.store.Values;
import io.lakestudio.moraine.internal.transaction.Format;
import io.lakestudio.moraine.internal.transaction.Head;
import io.lakestudio.moraine.internal.transaction.Maintenance;
import io.lakestudio.moraine.internal.transaction.Writes;
import io.lakestudio.moraine.kv.ObjectKvStore;
import io.lakestudio.moraine.store.Kv;
import io.lakestudio.moraine.store.KvCensus;
import io.lakestudio.moraine.store.KvCheckpoint;
import io.lakestudio.moraine.store.KvException;
import io.lakestudio.moraine.store.KvStore;
import io.lakestudio.moraine.store.KvTally;
import io.lakestudio.store.ObjectStore;

/**
 * The read surface of a moraine catalog: every read and no mutator, so committing through a read-only handle does
 * not compile. A {@link Catalog} is one too. Following the head, each read sees the latest commit; pinned to a
 * checkpoint ({@link CatalogOptions#checkpoint()}), every read sees that cut and the handle writes nothing.
 */
public class ReadOnlyCatalog implements AutoCloseable {

	static final Logger LOG = System.getLogger("io.lakestudio.moraine");

	final Kv kv;
	final CatalogOptions options;
	final String store;

	ReadOnlyCatalog(Kv kv, CatalogOptions options, String store) {
		this.kv = kv;
		this.options = options;
		this.store = store;
	}

	/** Opens a store without becoming its writer, so it never fences one. */
	public static ReadOnlyCatalog openReadOnly(KvStore store, CatalogOptions options) {
		Kv kv;
		try {
			kv = store.openReader(options.checkpoint());
		} catch (KvException e) {
			throw Writes.translate(e, "opening " + store.describe() + " read-only");
		}
		ReadOnlyCatalog catalog = new ReadOnlyCatalog(kv, options, store.describe());
		try {
			catalog.read(view -> {
				int version = Format.check(view, catalog.store);
				LOG.log(Level.INFO, "moraine: opened {0} read-only ({1}) at snapshot {2}, layout version {3}",
						catalog.store, options.checkpoint().map(c -> "pinned to checkpoint " + c).orElse("following"),
						Head.read(view).snapshot, version);
				return null;
			});
		} catch (RuntimeException e) {
			catalog.close();
			throw e;
		}
		return catalog;
	}

	/**
	 * Opens the catalog kept in {@code objects} without becoming its writer: following the head, or pinned to
	 * {@code options.checkpoint()} (then it writes nothing, so read-only credentials suffice).
	 */
	public static ReadOnlyCatalog openReadOnly(ObjectStore objects, CatalogOptions options) {
		return openReadOnly(ObjectKvStore.on(objects, options.clock()), options);
	}

	/** A view at the latest cut, for a snapshot that keeps it until closed. */
	RowView view() {
		try {
			return new RowView(kv.read(), null);
		} catch (KvException e) {
			throw Writes.translate(e, "reading " + store);
		}
	}

	/** One read at the latest cut, released when done. */
	<T> T read(java.util.function.Function<RowView, T> reading) {
		RowView view = view();
		try {
			return reading.apply(view);
		} finally {
			view.point().close();
		}
	}

	/** The latest snapshot this handle can see. */
	public CatalogSnapshot snapshot() {
		RowView view = view();
		try {
			Format.check(view, store);
			return new CatalogSnapshot(new SnapshotReader(view, Head.read(view).snapshot));
		} catch (RuntimeException e) {
			view.point().close();
			throw e;
		}
	}

	/** A past snapshot, readable until DuckLake's own expiry removes it. */
	public CatalogSnapshot snapshotAt(SnapshotId id) {
		RowView view = view();
		try {
			Format.check(view, store);
			SnapshotReader reader = new SnapshotReader(view, id.value());
			if (id.value() > Head.read(view).snapshot || !reader.exists())
				throw new MoraineException(MoraineException.Kind.NO_SUCH_SNAPSHOT, store + " has no snapshot " + id);
			return new CatalogSnapshot(reader);
		} catch (RuntimeException e) {
			view.point().close();
			throw e;
		}
	}

	/**
	 * The snapshot that was the head at {@code time}: the latest committed at or before it (SQL's
	 * {@code AT (TIMESTAMP => …)}); NO_SUCH_SNAPSHOT before the first.
	 */
	public CatalogSnapshot snapshotAsOf(Timestamp time) {
		SnapshotId found = null;
		for (SnapshotInfo s : snapshots())
			if (s.time().micros() <= time.micros())
				found = s.id();
		if (found == null)
			throw new MoraineException(MoraineException.Kind.NO_SUCH_SNAPSHOT, store + " has no snapshot at or before "
					+ time);
		return snapshotAt(found);
	}

	/** Every snapshot up to the head, oldest first. */
	public List<SnapshotInfo> snapshots() {
		return read(view -> new SnapshotReader(view, Head.read(view).snapshot).snapshots());
	}

	/** The table's inlined rows at the head. */
	public List<RecentRow> recentRows(TableId table) {
		try (CatalogSnapshot s = snapshot()) {
			return s.recentRows(table);
		}
	}

	/** The table's inlined rows a past snapshot saw. */
	public List<RecentRow> recentRowsAt(TableId table, SnapshotId id) {
		try (CatalogSnapshot s = snapshotAt(id)) {
			return s.recentRows(table);
		}
	}

	/** An option as last written (options are outside the snapshot protocol). */
	public Optional<String> option(OptionScope scope, String key) {
		return read(view -> view.get(Layout.OPTIONS, Layout.optionKey(scope.kind().name(), scope.id(), key))
				.map(f -> (String) f.get(1)));
	}

	/** Every option of one scope, key to value. */
	public Map<String, String> options(OptionScope scope) {
		Map<String, String> out = new LinkedHashMap<>();
		byte[] from = io.lakestudio.moraine.internal.store.Keys.of(scope.kind().name(), scope.id());
		for (List<Object> f : read(view -> view.scanRange(Layout.OPTIONS, from,
				io.lakestudio.moraine.internal.store.Keys.prefixEnd(from))))
			out.put((String) f.get(0), (String) f.get(1));
		return out;
	}

	public List<CheckpointInfo> checkpoints() {
		try {
			List<CheckpointInfo> out = new ArrayList<>();
			for (KvCheckpoint c : kv.checkpoints())
				out.add(new CheckpointInfo(c.id(), c.created(), c.expires()));
			return out;
		} catch (KvException e) {
			throw Writes.translate(e, "listing checkpoints");
		}
	}

	/** Completed maintenance passes, oldest first. */
	public List<MaintenanceStatusPass> maintenanceStatus() {
		return read(Maintenance::history);
	}

	/**
	 * What the store weighs, every subspace reported, from the manifest plus one listing (and a full scan when
	 * the request counts live entries).
	 */
	public StoreCensus storeCensus(CensusRequest request) {
		KvCensus c;
		try {
			c = kv.census(request.countLiveEntries());
		} catch (KvException e) {
			throw Writes.translate(e, "the census");
		}
		List<SubspaceCensus> subspaces = new ArrayList<>();
		long sst = 0;
		for (KvCensus.Subspace s : c.subspaces()) {
			subspaces.add(new SubspaceCensus(SubspaceName.of(s.name()), s.name(), s.l0Ssts(), s.sortedRuns(),
					s.ssts(), s.sstBytes(), s.liveEntries(), s.liveBytes()));
			sst += s.sstBytes();
		}
		for (String name : Layout.SUBSPACES)
			if (subspaces.stream().noneMatch(s -> s.segment().equals(name)))
				subspaces.add(new SubspaceCensus(SubspaceName.of(name), name, 0, 0, 0, 0, java.util.OptionalLong.empty(),
						java.util.OptionalLong.empty()));
		KvCensus.Objects o = c.objects();
		return new StoreCensus(subspaces,
				new StoreObjects(o.manifestBytes(), o.walObjects(), o.walBytes(), o.sstBytes(), o.otherBytes()),
				Math.max(0, o.totalBytes() - sst));
	}

	/** What this catalog's cache has served since it opened. */
	public CacheTally cacheTally() {
		KvTally.Cache c = kv.tally().cache();
		return new CacheTally(c.hits(), c.misses(), c.bytesFetched());
	}

	/** This catalog's memory (its cache, its unflushed writes) beside the process's cache occupancy. */
	public MemoryTally memoryTally() {
		KvTally t = kv.tally();
		return new MemoryTally(Caches.cacheStatus().memoryUsedBytes(), t.cache().heldBytes(), t.memtableBytes());
	}

	/** The object-store requests made for this catalog since it opened, by kind. */
	public ObjectStoreTally objectStoreTally() {
		List<ObjectStoreTally.Requests> out = new ArrayList<>();
		for (KvTally.Requests r : kv.tally().requests())
			out.add(new ObjectStoreTally.Requests(r.kind(), r.count(), r.bytes(), java.time.Duration.ofNanos(r.nanos())));
		return new ObjectStoreTally(out);
	}

	/** The format stamp this store carries. */
	public int formatVersion() {
		return read(view -> Format.version(view).orElse(0));
	}

	@Override
	public void close() {
		try {
			kv.close();
		} catch (KvException e) {
			LOG.log(Level.DEBUG, "moraine: closing {0} failed: {1}", store, e.getMessage());
		}
	}

	static byte[] optionValue(OptionScope scope, String key, String value) {
		return Values.encode(key, value, scope.kind().name().toLowerCase(), scope.id());
	}
}
