package io.lakestudio.moraine;

import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

import io.lakestudio.moraine.internal.store.Layout;
import io.lakestudio.moraine.internal.transaction.CommitProtocol;
import io.lakestudio.moraine.internal.transaction.Format;
import io.lakestudio.moraine.internal.transaction.Head;
import io.lakestudio.moraine.internal.transaction.Lease;
import io.lakestudio.moraine.internal.transaction.Maintenance;
import io.lakestudio.moraine.internal.transaction.Migrations;
import io.lakestudio.moraine.internal.transaction.Writes;
import io.lakestudio.moraine.kv.ObjectKvStore;
import io.lakestudio.moraine.store.KvCensus;
import io.lakestudio.moraine.store.KvCheckpoint;
import io.lakestudio.moraine.store.KvException;
import io.lakestudio.moraine.store.KvMerge;
import io.lakestudio.moraine.store.KvStore;
import io.lakestudio.moraine.store.WriteBatch;
import io.lakestudio.store.ObjectStore;

/**
 * A read-write handle on a moraine catalog: the store's one writer, holding its lease. Every commit is one
 * snapshot and one atomic store write. moraine spawns no threads: a host calls {@link #heartbeat()},
 * {@link #maintain} and {@link #compactStore} on whatever cadence it likes.
 */
public final class Catalog extends ReadOnlyCatalog {

	private final Lease lease;
	private final CommitProtocol protocol;

	private Catalog(Lease lease, CatalogOptions options, String store) {
		super(lease.kv(), options, store);
		this.lease = lease;
		this.protocol = new CommitProtocol(lease.kv(), options, store, lease);
	}

	/**
	 * Opens a store as its writer: takes the writer lease (refused while another writer's heartbeat is fresh,
	 * unless forced), which fences the previous writer, and bootstraps an empty store.
	 */
	public static Catalog open(KvStore store, CatalogOptions options) {
		if (options.checkpoint().isPresent())
			throw new MoraineException(MoraineException.Kind.INVALID,
					"a catalog pinned to a checkpoint is read-only: open it with openReadOnly");
		Lease lease = Lease.acquire(store, options);
		Catalog catalog = new Catalog(lease, options, store.describe());
		try {
			CommitProtocol.bootstrap(lease.kv(), options, catalog.store);
			catalog.read(view -> {
				int version = Format.checkVersion(view, catalog.store);
				LOG.log(Level.INFO, "moraine: opened {0} read-write as {1} at snapshot {2}, layout version {3}{4}",
						catalog.store, options.holder(), Head.read(view).snapshot, version,
						Format.migrating(view) ? " (a migration is in progress: migrate finishes it)" : "");
				return null;
			});
		} catch (RuntimeException e) {
			lease.release();
			throw e;
		}
		return catalog;
	}

	/**
	 * Opens the catalog kept in {@code objects} (a folder, OneLake, memory) as its writer, on
	 * {@code io.lakestudio.kv} with its default bounds and the options' clock.
	 */
	public static Catalog open(ObjectStore objects, CatalogOptions options) {
		return open(ObjectKvStore.on(objects, options.clock()), options);
	}

	/** Runs {@code body} as one transaction: one snapshot (none if it changed nothing), one durable write. */
	public synchronized SnapshotId commit(Consumer<Transaction> body) {
		List<SnapshotId> minted = protocol.commit(List.of(body));
		if (!minted.isEmpty())
			return minted.get(0);
		return read(view -> new SnapshotId(Head.read(view).snapshot));
	}

	/** Several logical commits, a snapshot each, sharing one durable write: all land or none. */
	public synchronized List<SnapshotId> commitGroup(List<Consumer<Transaction>> members) {
		return protocol.commit(new ArrayList<>(members));
	}

	/** Sets an option (null removes it): last write wins, no snapshot minted. */
	public synchronized void setOption(OptionScope scope, String key, String value) {
		byte[] k = Layout.optionKey(scope.kind().name(), scope.id(), key);
		WriteBatch batch = new WriteBatch();
		if (value == null)
			batch.delete(Layout.OPTIONS, k);
		else
			batch.put(Layout.OPTIONS, k, optionValue(scope, key, value));
		Writes.land(kv, batch, "setting option " + key);
	}

	/** Refreshes the writer lease's heartbeat, for a writer with nothing to commit for a while. */
	public synchronized void heartbeat() {
		lease.heartbeat();
	}

	/** Pins the current state for pinned readers until {@code lifetime} passes (forever when empty). */
	public String createCheckpoint(Optional<Duration> lifetime) {
		try {
			KvCheckpoint c = kv.createCheckpoint(lifetime);
			LOG.log(Level.DEBUG, "moraine: checkpoint {0} of {1} created", c.id(), store);
			return c.id();
		} catch (KvException e) {
			throw Writes.translate(e, "creating a checkpoint");
		}
	}

	public void deleteCheckpoint(String id) {
		try {
			kv.deleteCheckpoint(id);
		} catch (KvException e) {
			throw Writes.translate(e, "deleting checkpoint " + id);
		}
	}

	/** Reclaims dropped indexes' entries in bounded batches; mints no snapshot; safe to interrupt. */
	public MaintenanceReport maintain(MaintenanceRequest request) {
		return Maintenance.run(kv, request, options.clock(), store);
	}

	/**
	 * Merges the store's sorted runs (the trees the request names), one subspace at a time so the request's progress
	 * hears of each and may stop the call between two; needs the writer.
	 */
	public CompactStoreReport compactStore(CompactStoreRequest request) {
		try {
			List<String> subspaces = switch (request.target()) {
				case ALL -> allSubspaces();
				case CATALOG_ROWS -> List.of(Layout.CURRENT, Layout.SNAPSHOTS);
				case INDEXES -> List.of(Layout.INDEX);
			};
			List<SubspaceMerge> merges = new ArrayList<>();
			for (String subspace : subspaces) {
				if (request.progress().stopRequested())
					throw new MoraineException(MoraineException.Kind.INTERRUPTED, "compaction of " + store
							+ " stopped after " + merges.size() + " of " + subspaces.size() + " subspaces; the merges"
							+ " done stay");
				for (KvMerge m : kv.compact(List.of(subspace)))
					merges.add(new SubspaceMerge(SubspaceName.of(m.subspace()), MergeOutcome.valueOf(m.outcome().name()),
							m.sourceSsts(), m.outputSsts(), m.bytesRead(), m.bytesWritten(), m.tombstonesDropped()));
				request.progress().landed("subspaces merged", merges.size());
			}
			return new CompactStoreReport(merges);
		} catch (KvException e) {
			throw Writes.translate(e, "compacting the store");
		}
	}

	/** Every subspace of the layout, and any other the manifest names (one this build does not know is merged too). */
	private List<String> allSubspaces() throws KvException {
		java.util.LinkedHashSet<String> all = new java.util.LinkedHashSet<>(List.of(Layout.SUBSPACES));
		for (KvCensus.Subspace s : kv.census(false).subspaces())
			all.add(s.name());
		return List.copyOf(all);
	}

	/**
	 * Brings the store's layout to the newest this build knows, one-way, resuming a migration a crash stopped.
	 * No layout rewrite exists yet, so against every store this build opens it is a no-op.
	 */
	public synchronized MigrationReport migrate(MigrationRequest request) {
		return Migrations.run(kv, request.batchSize(), request.progress(), store);
	}

	/** Gives the writer lease up and closes the writer. */
	@Override
	public void close() {
		lease.release();
	}
}
