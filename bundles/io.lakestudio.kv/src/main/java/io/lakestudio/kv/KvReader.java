package io.lakestudio.kv;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import io.lakestudio.kv.internal.Manifest;
import io.lakestudio.kv.internal.ManifestLog;
import io.lakestudio.kv.internal.Memtable;
import io.lakestudio.kv.internal.Reads;
import io.lakestudio.kv.internal.SstCache;
import io.lakestudio.kv.internal.Wal;
import io.lakestudio.store.ObjectInfo;
import io.lakestudio.store.ObjectStore;
import io.lakestudio.store.StoreException;

/**
 * A reader that never becomes the writer, so it fences no one. Following: it keeps a checkpoint of its own in the
 * manifest (so the SSTs it reads are kept), replays the WAL after it, and {@link #refresh()} catches up with the
 * writer. Pinned: it reads the cut of a checkpoint the writer named and writes nothing at all (read-only
 * credentials suffice); a commit made after the checkpoint is invisible to it.
 */
public final class KvReader implements KvReads, AutoCloseable {

	private final ObjectStore store;
	private final KvOptions options;
	private final ManifestLog log;
	private final SstCache cache;
	private final String checkpoint; // own (following) or the one pinned
	private final boolean pinned;
	private volatile Reads reads;
	private long renewedAt;

	private KvReader(ObjectStore store, KvOptions options, String checkpoint, boolean pinned) {
		this.store = store;
		this.options = options;
		this.log = new ManifestLog(store);
		this.cache = new SstCache(store, options.cacheBytes());
		this.checkpoint = checkpoint;
		this.pinned = pinned;
	}

	/** Follows the newest state; writes its own checkpoint into the manifest and refreshes it while it lives. */
	public static KvReader follow(ObjectStore store, KvOptions options) throws KvException {
		KvReader r = new KvReader(store, options, "reader-" + UUID.randomUUID(), false);
		r.refresh();
		return r;
	}

	/** Reads the cut of {@code checkpoint} and writes nothing. */
	public static KvReader pinned(ObjectStore store, String checkpoint, KvOptions options) throws KvException {
		KvReader r = new KvReader(store, options, checkpoint, true);
		try {
			Manifest latest = r.log.latest().orElseThrow(() -> new KvException("no KV store at " + store.describe()));
			Manifest.Checkpoint cp = latest.checkpoints().stream().filter(c -> c.id().equals(checkpoint)).findFirst()
					.orElseThrow(() -> new NoSuchCheckpoint("no checkpoint " + checkpoint + " in " + store.describe()));
			if (!cp.live(options.clock().millis()))
				throw new NoSuchCheckpoint("checkpoint " + checkpoint + " has expired");
			r.reads = new Reads(r.log.read(cp.manifestVersion()), List.of(), Long.MAX_VALUE, r.cache);
		} catch (StoreException e) {
			throw KvStore.failure(e);
		}
		return r;
	}

	/** Catches up with the writer: a newer manifest (its checkpoint moved onto it), then the WAL after it. */
	public synchronized void refresh() throws KvException {
		if (pinned)
			return;
		for (int tries = 0;; tries++) {
			try {
				refreshOnce();
				return;
			} catch (StoreException e) {
				// a WAL object or SST collected under us: the newer manifest holds what it held
				if (e.kind() != StoreException.Kind.NOT_FOUND || tries > 10)
					throw KvStore.failure(e);
			}
		}
	}

	private void refreshOnce() throws StoreException, KvException {
		Manifest latest = log.latest().orElseThrow(() -> new KvException("no KV store at " + store.describe()));
		Reads now = reads;
		long nowMillis = options.clock().millis();
		boolean moved = now == null || latest.walFlushed() != now.manifest().walFlushed()
				|| !latest.ssts().equals(now.manifest().ssts());
		boolean renew = nowMillis - renewedAt > options.readerCheckpointLifetime().toMillis() / 2;
		Manifest base = now == null ? null : now.manifest();
		List<Memtable> mems = now == null ? List.of() : now.memtables();
		long seq = now == null ? 0 : now.seq();
		if (moved || renew) {
			base = pin(latest, nowMillis);
			renewedAt = nowMillis;
		}
		if (moved) {
			mems = List.of(new Memtable());
			seq = base.walFlushed();
		}
		Memtable mem = mems.isEmpty() ? new Memtable() : mems.get(0);
		for (ObjectInfo o : store.list("wal/")) {
			long s = Wal.seqOf(o.path());
			if (s <= seq)
				continue;
			mem.apply(Wal.decode(store.get(o.path())));
			seq = s;
		}
		reads = new Reads(base, List.of(mem), seq, cache);
	}

	/** Moves this reader's checkpoint onto the next manifest version (the trees of {@code latest}). */
	private Manifest pin(Manifest latest, long nowMillis) throws StoreException {
		long expires = nowMillis + options.readerCheckpointLifetime().toMillis();
		try {
			return log.update(latest, m -> {
				List<Manifest.Checkpoint> cps = new ArrayList<>();
				for (Manifest.Checkpoint c : m.checkpoints())
					if (!c.id().equals(checkpoint))
						cps.add(c);
				cps.add(new Manifest.Checkpoint(checkpoint, m.version() + 1, expires));
				return m.next(m.epoch(), m.walFlushed(), m.nextSeq(), m.trees(), cps);
			}, m -> {
			});
		} catch (ManifestLog.Fenced e) {
			throw new IllegalStateException(e);
		}
	}

	/**
	 * One key of the newest durable state (manifest plus the WAL after it), read without opening a reader and
	 * writing nothing: null when absent, or when no store was ever made here. For a look before deciding to open.
	 */
	public static byte[] peek(ObjectStore store, KvOptions options, String subspace, byte[] key) throws KvException {
		ManifestLog log = new ManifestLog(store);
		SstCache cache = new SstCache(store, 1 << 20);
		try {
			for (int tries = 0;; tries++) {
				try {
					Manifest latest = log.latest().orElse(null);
					if (latest == null)
						return null;
					Memtable mem = new Memtable();
					for (ObjectInfo o : store.list("wal/"))
						if (Wal.seqOf(o.path()) > latest.walFlushed())
							mem.apply(Wal.decode(store.get(o.path())));
					return new Reads(latest, List.of(mem), Long.MAX_VALUE, cache).get(WriteBatch.check(subspace), key);
				} catch (StoreException e) {
					// a WAL object or SST collected under us: the newer manifest holds what it held
					if (e.kind() != StoreException.Kind.NOT_FOUND || tries > 10)
						throw KvStore.failure(e);
				}
			}
		} finally {
			cache.close();
		}
	}

	/**
	 * A consistent cut at what this reader last caught up to: its gets and scans keep seeing it while
	 * {@link #refresh()} moves the reader on (hold it briefly: the writer may collect what an old cut reads).
	 */
	public ReadPoint readPoint() {
		return new ReadPoint(null, reads);
	}

	/** The checkpoints in the newest manifest, unexpired (following readers' own among them). */
	public List<Manifest.Checkpoint> checkpoints() throws KvException {
		try {
			long now = options.clock().millis();
			return log.latest().map(m -> m.checkpoints().stream().filter(c -> c.live(now)).toList())
					.orElse(List.of());
		} catch (StoreException e) {
			throw KvStore.failure(e);
		}
	}

	/** Whether this reader is pinned to a checkpoint (it never moves, and writes nothing). */
	public boolean isPinned() {
		return pinned;
	}

	/** The last batch this reader sees. */
	public long seq() {
		return reads.seq();
	}

	@Override
	public byte[] get(String subspace, byte[] key) throws KvException {
		return ReadPoint.get(reads, subspace, key);
	}

	@Override
	public List<KeyValue> scan(String subspace, byte[] from, byte[] to, int limit) throws KvException {
		return ReadPoint.scan(reads, subspace, from, to, limit);
	}

	public StoreCensus census(boolean countLive) throws KvException {
		try {
			return Census.of(store, reads.manifest(), countLive ? reads : null);
		} catch (StoreException e) {
			throw KvStore.failure(e);
		}
	}

	/** What this reader's SST cache has served and holds. */
	public CacheFigures cacheFigures() {
		return cache.figures();
	}

	/** The bytes of the WAL tail this reader replayed into memory (past its manifest's SSTs). */
	public long memtableBytes() {
		Reads r = reads;
		return r == null ? 0 : r.memtables().stream().mapToLong(Memtable::bytes).sum();
	}

	/** A following reader takes its checkpoint out of the manifest; a pinned one writes nothing. */
	@Override
	public void close() throws KvException {
		cache.close();
		if (pinned)
			return;
		try {
			Manifest latest = log.latest().orElseThrow();
			log.update(latest, m -> m.next(m.epoch(), m.walFlushed(), m.nextSeq(), m.trees(),
					m.checkpoints().stream().filter(c -> !c.id().equals(checkpoint)).toList()), m -> {
					});
		} catch (StoreException e) {
			throw KvStore.failure(e);
		} catch (ManifestLog.Fenced e) {
			throw new IllegalStateException(e);
		}
	}
}
