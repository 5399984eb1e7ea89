package io.lakestudio.moraine.internal.transaction;

import java.lang.System.Logger;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import io.lakestudio.moraine.CatalogOptions;
import io.lakestudio.moraine.MoraineException;
import io.lakestudio.moraine.Timestamp;
import io.lakestudio.moraine.internal.store.Layout;
import io.lakestudio.moraine.internal.store.RowView;
import io.lakestudio.moraine.internal.store.Values;
import io.lakestudio.moraine.store.Kv;
import io.lakestudio.moraine.store.KvException;
import io.lakestudio.moraine.store.KvStore;
import io.lakestudio.moraine.store.ReadPoint;
import io.lakestudio.moraine.store.WriteBatch;

/**
 * The writer lease, beyond what fencing alone gives: who writes, since when, and a heartbeat every commit (and
 * {@link #heartbeat}) refreshes. A second read-write open is refused while the holder's heartbeat is fresh, and
 * takes over (fencing it) once the holder has been quiet past the timeout, or when forced.
 */
public final class Lease {

	private static final Logger LOG = System.getLogger("io.lakestudio.moraine.lease");

	/** One lease record: the holder ("host/pid"), when it took the lease, its last heartbeat, a unique token. */
	public record State(String holder, long sinceMicros, long heartbeatMicros, String token) {

		byte[] encode() {
			return Values.encode(holder, sinceMicros, heartbeatMicros, token);
		}

		static State decode(byte[] raw) {
			List<Object> f = Values.decode(raw);
			return new State((String) f.get(0), (Long) f.get(1), (Long) f.get(2), (String) f.get(3));
		}
	}

	private final Kv kv;
	private final CatalogOptions options;
	private final String store;
	private State mine;
	private State pending;

	private Lease(Kv kv, CatalogOptions options, String store, State mine) {
		this.kv = kv;
		this.options = options;
		this.store = store;
		this.mine = mine;
	}

	private static long now(CatalogOptions options) {
		return Timestamp.of(options.clock().instant()).micros();
	}

	/** The lease as the store holds it now, read without writing anything. */
	public static Optional<State> peek(KvStore kvStore) {
		try {
			return kvStore.peek(Layout.META, Layout.LEASE_KEY).map(State::decode);
		} catch (KvException e) {
			throw Writes.translate(e, "reading the writer lease");
		}
	}

	/**
	 * Takes the lease and opens the store's writer (fencing the last one), or refuses while a live holder has it.
	 * The returned lease owns the writer handle {@link #kv()}.
	 */
	public static Lease acquire(KvStore kvStore, CatalogOptions options) {
		String store = kvStore.describe();
		Optional<byte[]> seen;
		try {
			seen = kvStore.peek(Layout.META, Layout.LEASE_KEY);
		} catch (KvException e) {
			throw Writes.translate(e, "reading the writer lease");
		}
		long now = now(options);
		String takeover = null;
		if (seen.isPresent()) {
			State held = State.decode(seen.get());
			Duration quiet = Duration.ofNanos(Math.max(0, now - held.heartbeatMicros) * 1_000);
			if (quiet.compareTo(options.leaseTimeout()) < 0 && !options.forceTakeover())
				throw new MoraineException(MoraineException.Kind.LEASE_HELD, "the writer lease of " + store
						+ " is held by " + held.holder + " since " + new Timestamp(held.sinceMicros)
						+ " (last heartbeat " + quiet.toSeconds() + " s ago); it can be taken over once quiet for "
						+ options.leaseTimeout().toSeconds() + " s, or forced");
			takeover = held.holder + (options.forceTakeover() ? " (forced" : " (quiet") + " for " + quiet.toSeconds()
					+ " s)";
		}
		Kv kv;
		try {
			kv = kvStore.openWriter();
		} catch (KvException e) {
			throw Writes.translate(e, "opening the writer");
		}
		State mine = new State(options.holder(), now, now, UUID.randomUUID().toString());
		WriteBatch batch = new WriteBatch().expect(Layout.META, Layout.LEASE_KEY, seen.orElse(null))
				.put(Layout.META, Layout.LEASE_KEY, mine.encode());
		try {
			CrashPoints.at(CrashPoints.Point.LEASE_BEFORE_WRITE);
			kv.write(batch);
		} catch (KvException e) {
			closeQuietly(kv);
			if (e.kind() == KvException.Kind.CONFLICT)
				throw new MoraineException(MoraineException.Kind.LEASE_HELD,
						"another writer took the lease of " + store + " while this one was opening", e);
			throw Writes.translate(e, "taking the writer lease");
		}
		if (takeover != null)
			LOG.log(Level.INFO, "moraine: {0} took the writer lease of {1} over from {2}", options.holder(), store,
					takeover);
		return new Lease(kv, options, store, mine);
	}

	public Kv kv() {
		return kv;
	}

	public State state() {
		return mine;
	}

	/** Adds the heartbeat to a batch: it lands only while this is still the lease the store holds. */
	void renewInto(WriteBatch batch) {
		pending = new State(mine.holder, mine.sinceMicros, now(options), mine.token);
		batch.expect(Layout.META, Layout.LEASE_KEY, mine.encode());
		batch.put(Layout.META, Layout.LEASE_KEY, pending.encode());
	}

	/** The batch {@link #renewInto} filled has landed. */
	void landed() {
		if (pending != null)
			mine = pending;
		pending = null;
	}

	/** Whether the store's lease is no longer this one (another writer took it over). */
	boolean lost() {
		pending = null;
		try (ReadPoint point = kv.read()) {
			Optional<byte[]> now = new RowView(point, null).getRaw(Layout.META, Layout.LEASE_KEY);
			return now.isEmpty() || !Arrays.equals(now.get(), mine.encode());
		} catch (KvException e) {
			return e.kind() == KvException.Kind.FENCED;
		}
	}

	/** Refreshes the heartbeat on its own, for a writer with nothing to commit. */
	public void heartbeat() {
		WriteBatch batch = new WriteBatch();
		renewInto(batch);
		try {
			kv.write(batch);
			landed();
		} catch (KvException e) {
			pending = null;
			if (e.kind() == KvException.Kind.CONFLICT)
				throw fenced();
			throw Writes.translate(e, "the lease heartbeat");
		}
	}

	MoraineException fenced() {
		return new MoraineException(MoraineException.Kind.FENCED, "another writer has taken the lease of " + store
				+ " over; this one writes nothing more");
	}

	/** Gives the lease up (so the next opener need not wait) and closes the writer. */
	public void release() {
		try {
			kv.write(new WriteBatch().expect(Layout.META, Layout.LEASE_KEY, mine.encode()).delete(Layout.META,
					Layout.LEASE_KEY));
		} catch (KvException e) {
			LOG.log(Level.DEBUG, "moraine: lease of {0} not released ({1})", store, e.getMessage());
		}
		closeQuietly(kv);
	}

	private static void closeQuietly(Kv kv) {
		try {
			kv.close();
		} catch (KvException e) {
			LOG.log(Level.DEBUG, "moraine: closing a KV handle failed: {0}", e.getMessage());
		}
	}
}
