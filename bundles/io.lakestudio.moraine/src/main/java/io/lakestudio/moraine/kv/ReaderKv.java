package io.lakestudio.moraine.kv;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import io.lakestudio.kv.KvReader;
import io.lakestudio.moraine.store.Kv;
import io.lakestudio.moraine.store.KvCensus;
import io.lakestudio.moraine.store.KvCheckpoint;
import io.lakestudio.moraine.store.KvException;
import io.lakestudio.moraine.store.KvMerge;
import io.lakestudio.moraine.store.KvTally;
import io.lakestudio.moraine.store.ReadPoint;
import io.lakestudio.moraine.store.WriteBatch;
import io.lakestudio.store.CountingStore;

/**
 * The port's reader on the real store. Following: each read catches up with the writer first, then reads one cut
 * that later refreshes leave alone. Pinned: every read is the checkpoint's cut, and nothing is ever written.
 */
final class ReaderKv implements Kv {

	private final KvReader reader;
	private final CountingStore objects;

	ReaderKv(KvReader reader, CountingStore objects) {
		this.reader = reader;
		this.objects = objects;
	}

	@Override
	public boolean writable() {
		return false;
	}

	@Override
	public ReadPoint read() throws KvException {
		return Errors.mapped("reading", () -> {
			reader.refresh(); // a pinned reader's is a no-op
			return new Points(reader.readPoint());
		});
	}

	@Override
	public long write(WriteBatch batch) throws KvException {
		throw Errors.readOnly("a write");
	}

	@Override
	public KvCheckpoint createCheckpoint(Optional<Duration> lifetime) throws KvException {
		throw Errors.readOnly("creating a checkpoint");
	}

	@Override
	public void deleteCheckpoint(String id) throws KvException {
		throw Errors.readOnly("deleting a checkpoint");
	}

	@Override
	public List<KvCheckpoint> checkpoints() throws KvException {
		return Errors.mapped("listing checkpoints", () -> Figures.checkpoints(reader.checkpoints(), objects));
	}

	@Override
	public KvCensus census(boolean countLiveEntries) throws KvException {
		return Errors.mapped("the census", () -> Figures.census(reader.census(countLiveEntries)));
	}

	@Override
	public List<KvMerge> compact(List<String> subspaces) throws KvException {
		throw Errors.readOnly("compacting");
	}

	@Override
	public KvTally tally() {
		return Tallies.of(objects, reader.cacheFigures(), reader.memtableBytes());
	}

	/** A following reader takes its own checkpoint out of the manifest; a pinned one writes nothing. */
	@Override
	public void close() throws KvException {
		Errors.mapped("closing the reader", () -> {
			reader.close();
			return null;
		});
	}
}
