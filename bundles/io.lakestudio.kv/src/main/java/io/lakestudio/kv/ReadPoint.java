package io.lakestudio.kv;

import java.util.ArrayList;
import java.util.List;

import io.lakestudio.kv.internal.Reads;
import io.lakestudio.store.StoreException;

/**
 * A consistent cut of a writer's store: every batch up to one sequence number, none after, however long it is held.
 * While open it keeps the SSTs it reads from being collected and the versions it sees from being merged away.
 */
public final class ReadPoint implements KvReads, AutoCloseable {

	private final KvStore owner; // null: a reader's cut, which pins nothing in the writer
	final Reads reads;
	private boolean closed;
	boolean forTransaction;

	ReadPoint(KvStore owner, Reads reads) {
		this.owner = owner;
		this.reads = reads;
	}

	/** The sequence number of the last batch this cut sees. */
	public long seq() {
		return reads.seq();
	}

	@Override
	public byte[] get(String subspace, byte[] key) throws KvException {
		return get(reads, subspace, key);
	}

	@Override
	public List<KeyValue> scan(String subspace, byte[] from, byte[] to, int limit) throws KvException {
		return scan(reads, subspace, from, to, limit);
	}

	/** A point read at one cut, as every reader of this package answers it (a writer's cut or a reader's). */
	static byte[] get(Reads reads, String subspace, byte[] key) throws KvException {
		try {
			return reads.get(WriteBatch.check(subspace), key);
		} catch (StoreException e) {
			throw KvStore.failure(e);
		}
	}

	/** A range read at one cut, as every reader of this package answers it. */
	static List<KeyValue> scan(Reads reads, String subspace, byte[] from, byte[] to, int limit) throws KvException {
		try {
			List<KeyValue> out = new ArrayList<>();
			reads.scan(WriteBatch.check(subspace), from, to, limit)
					.forEach(e -> out.add(new KeyValue(e.getKey(), e.getValue())));
			return out;
		} catch (StoreException e) {
			throw KvStore.failure(e);
		}
	}

	@Override
	public void close() {
		if (!closed) {
			closed = true;
			if (owner != null)
				owner.release(this);
		}
	}
}
