package io.lakestudio.moraine.kv;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import io.lakestudio.kv.CompactionReport;
import io.lakestudio.kv.Transaction;
import io.lakestudio.moraine.store.Kv;
import io.lakestudio.moraine.store.KvCheckpoint;
import io.lakestudio.moraine.store.KvCensus;
import io.lakestudio.moraine.store.KvException;
import io.lakestudio.moraine.store.KvMerge;
import io.lakestudio.moraine.store.KvTally;
import io.lakestudio.moraine.store.ReadPoint;
import io.lakestudio.moraine.store.WriteBatch;
import io.lakestudio.store.CountingStore;

/** The port's writer on the real store: each batch one WAL object; expectations checked in a KV transaction. */
final class WriterKv implements Kv {

	private final io.lakestudio.kv.KvStore kv;
	private final CountingStore objects;

	WriterKv(io.lakestudio.kv.KvStore kv, CountingStore objects) {
		this.kv = kv;
		this.objects = objects;
	}

	@Override
	public boolean writable() {
		return true;
	}

	@Override
	public ReadPoint read() throws KvException {
		return Errors.mapped("reading", () -> new Points(kv.readPoint()));
	}

	/**
	 * Without expectations a plain batch; with them a transaction that reads each expected key at its read point,
	 * then commits: the KV refuses it ({@code Conflict}) if a batch since touched what it read or writes.
	 */
	@Override
	public long write(WriteBatch batch) throws KvException {
		try {
			if (batch.expectations().isEmpty()) {
				io.lakestudio.kv.WriteBatch b = new io.lakestudio.kv.WriteBatch();
				for (WriteBatch.Op op : batch.ops())
					if (op.value() == null)
						b.delete(op.subspace(), op.key());
					else
						b.put(op.subspace(), op.key(), op.value());
				return kv.write(b);
			}
			try (Transaction tx = kv.begin()) {
				for (WriteBatch.Expectation e : batch.expectations())
					if (!e.holds(tx.get(e.subspace(), e.key())))
						throw new KvException(KvException.Kind.CONFLICT, "expectation on a key of " + e.subspace()
								+ " does not hold: nothing written");
				for (WriteBatch.Op op : batch.ops())
					if (op.value() == null)
						tx.delete(op.subspace(), op.key());
					else
						tx.put(op.subspace(), op.key(), op.value());
				return tx.commit();
			}
		} catch (io.lakestudio.kv.KvException e) {
			throw Errors.of(e, "writing a batch");
		}
	}

	@Override
	public KvCheckpoint createCheckpoint(Optional<Duration> lifetime) throws KvException {
		String id = Errors.mapped("creating a checkpoint", () -> kv.createCheckpoint(lifetime.orElse(null)));
		return checkpoints().stream().filter(c -> c.id().equals(id)).findFirst()
				.orElseThrow(() -> new KvException(KvException.Kind.IO, "checkpoint " + id + " not listed"));
	}

	@Override
	public void deleteCheckpoint(String id) throws KvException {
		Errors.mapped("deleting checkpoint " + id, () -> {
			kv.deleteCheckpoint(id);
			return null;
		});
	}

	@Override
	public List<KvCheckpoint> checkpoints() throws KvException {
		return Errors.mapped("listing checkpoints", () -> Figures.checkpoints(kv.checkpoints(), objects));
	}

	@Override
	public KvCensus census(boolean countLiveEntries) throws KvException {
		return Errors.mapped("the census", () -> Figures.census(kv.census(countLiveEntries)));
	}

	/** The port's empty list is every subspace, the KV's null; a named subspace with nothing to merge says so. */
	@Override
	public List<KvMerge> compact(List<String> subspaces) throws KvException {
		try {
			CompactionReport r = kv.compact(subspaces.isEmpty() ? null : subspaces);
			List<KvMerge> out = new ArrayList<>();
			Set<String> merged = new HashSet<>();
			for (CompactionReport.SubspaceMerge m : r.merges()) {
				merged.add(m.subspace());
				out.add(new KvMerge(m.subspace(), KvMerge.Outcome.MERGED, m.sstsIn(), m.sstsOut(), m.bytesIn(),
						m.bytesOut(), m.tombstonesDropped()));
			}
			for (String s : subspaces)
				if (!merged.contains(s))
					out.add(new KvMerge(s, KvMerge.Outcome.NOTHING_TO_MERGE, 0, 0, 0, 0, 0));
			return out;
		} catch (io.lakestudio.kv.KvException e) {
			throw Errors.of(e, "compacting");
		}
	}

	@Override
	public KvTally tally() {
		return Tallies.of(objects, kv.cacheFigures(), kv.memtableBytes());
	}

	/** Flushes the memtable (the next open replays no WAL) and stops this writer. */
	@Override
	public void close() {
		kv.close();
	}

}
