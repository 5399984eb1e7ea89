package io.lakestudio.moraine.internal.transaction;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import io.lakestudio.moraine.CatalogOptions;
import io.lakestudio.moraine.MoraineException;
import io.lakestudio.moraine.SnapshotId;
import io.lakestudio.moraine.Timestamp;
import io.lakestudio.moraine.Transaction;
import io.lakestudio.moraine.internal.catalog.Counters;
import io.lakestudio.moraine.internal.catalog.Mutations;
import io.lakestudio.moraine.internal.store.Layout;
import io.lakestudio.moraine.internal.store.RowView;
import io.lakestudio.moraine.internal.store.Staged;
import io.lakestudio.moraine.store.Kv;
import io.lakestudio.moraine.store.KvException;
import io.lakestudio.moraine.store.ReadPoint;
import io.lakestudio.moraine.store.WriteBatch;

/**
 * Turns catalog transactions into one atomic store write: read the head, run each member over it (each member
 * one snapshot), stage its rows, then land them with the new head in one batch that expects the old head. A
 * batch that lost to another commit is re-run from the new head, up to the retry budget.
 */
public final class CommitProtocol {

	private static final Logger LOG = System.getLogger("io.lakestudio.moraine.commit");

	private final Kv kv;
	private final CatalogOptions options;
	private final String store;
	private final Lease lease;

	public CommitProtocol(Kv kv, CatalogOptions options, String store, Lease lease) {
		this.kv = kv;
		this.options = options;
		this.store = store;
		this.lease = lease;
	}

	/**
	 * Commits the members in order, one snapshot each (a member that changed nothing mints none), in one durable
	 * write; returns the snapshots minted.
	 */
	public List<SnapshotId> commit(List<Consumer<Transaction>> members) {
		for (int attempt = 0;; attempt++) {
			try {
				return attempt(members);
			} catch (MoraineException e) {
				if (e.kind() != MoraineException.Kind.CONFLICT)
					throw e;
				if (lease != null && lease.lost())
					throw lease.fenced();
				if (attempt >= options.commitRetries()) {
					LOG.log(Level.WARNING, "moraine commit on {0}: retry budget of {1} spent; giving up", store,
							options.commitRetries());
					throw new MoraineException(MoraineException.Kind.CONFLICT, "commit lost to concurrent commits "
							+ (attempt + 1) + " times on " + store + "; nothing was written", e);
				}
				LOG.log(Level.DEBUG, "moraine commit on {0}: conflict, retry {1}", store, attempt + 1);
			}
		}
	}

	private List<SnapshotId> attempt(List<Consumer<Transaction>> members) {
		ReadPoint point;
		try {
			point = kv.read();
		} catch (KvException e) {
			throw Writes.translate(e, "commit");
		}
		try (point) {
			return attempt(members, new RowView(point, null));
		}
	}

	private List<SnapshotId> attempt(List<Consumer<Transaction>> members, RowView base) {
		byte[] oldHead = Head.raw(base).orElseThrow(
				() -> new MoraineException(MoraineException.Kind.STORE, store + " holds no catalog head"));
		Counters counters = Head.decode(oldHead);
		long start = counters.snapshot;
		Staged staged = new Staged();
		RowView view = new RowView(base.point(), staged);
		List<SnapshotId> minted = new ArrayList<>();
		long now = Timestamp.of(options.clock().instant()).micros();
		for (Consumer<Transaction> member : members) {
			Mutations tx = new Mutations(view, staged, counters, now, options.author());
			member.accept(tx);
			if (tx.finish())
				minted.add(new SnapshotId(counters.snapshot));
		}
		if (minted.isEmpty() && staged.isEmpty())
			return minted;
		WriteBatch batch = staged.toBatch();
		batch.expect(Layout.META, Layout.HEAD_KEY, oldHead);
		batch.put(Layout.META, Layout.HEAD_KEY, Head.encode(counters));
		if (lease != null)
			lease.renewInto(batch);
		if (batch.bytes() > options.maxCommitBytes()) {
			LOG.log(Level.WARNING, "moraine commit on {0} refused: {1} bytes is over the bound of {2}", store,
					batch.bytes(), options.maxCommitBytes());
			throw new MoraineException(MoraineException.Kind.COMMIT_TOO_LARGE, "a commit of " + batch.bytes()
					+ " bytes is over the bound of " + options.maxCommitBytes() + "; nothing was written");
		}
		CrashPoints.at(CrashPoints.Point.COMMIT_BEFORE_WRITE);
		Writes.land(kv, batch, "commit");
		CrashPoints.at(CrashPoints.Point.COMMIT_AFTER_WRITE);
		if (lease != null)
			lease.landed();
		LOG.log(Level.DEBUG, "moraine commit on {0}: snapshots {1}..{2}, {3} writes, {4} bytes", store, start + 1,
				counters.snapshot, batch.ops().size(), batch.bytes());
		return minted;
	}

	/** Writes the format stamp and snapshot 0 into an empty store, unless another opener got there first. */
	public static void bootstrap(Kv kv, CatalogOptions options, String store) {
		try (ReadPoint point = kv.read()) {
			RowView base = new RowView(point, null);
			if (Format.version(base).isPresent())
				return;
			Staged staged = new Staged();
			Counters c = Mutations.bootstrap(staged, new RowView(base.point(), staged),
					Timestamp.of(options.clock().instant()).micros());
			WriteBatch batch = staged.toBatch();
			batch.expect(Layout.META, Layout.FORMAT_KEY, null);
			batch.put(Layout.META, Layout.FORMAT_KEY, Format.stamp(Layout.FORMAT_VERSION));
			batch.put(Layout.META, Layout.HEAD_KEY, Head.encode(c));
			CrashPoints.at(CrashPoints.Point.BOOTSTRAP_BEFORE_WRITE);
			kv.write(batch);
			LOG.log(Level.INFO, "moraine: bootstrapped a new catalog on {0} (layout version {1}, schema main)", store,
					Layout.FORMAT_VERSION);
		} catch (KvException e) {
			if (e.kind() != KvException.Kind.CONFLICT)
				throw Writes.translate(e, "bootstrap");
		}
	}
}
