package io.lakestudio.kv;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.UnaryOperator;

import io.lakestudio.kv.internal.Collector;
import io.lakestudio.kv.internal.Compactor;
import io.lakestudio.kv.internal.CrashSeam;
import io.lakestudio.kv.internal.Manifest;
import io.lakestudio.kv.internal.ManifestLog;
import io.lakestudio.kv.internal.Memtable;
import io.lakestudio.kv.internal.Reads;
import io.lakestudio.kv.internal.SstCache;
import io.lakestudio.kv.internal.SstInfo;
import io.lakestudio.kv.internal.Version;
import io.lakestudio.kv.internal.Wal;
import io.lakestudio.store.ObjectStore;
import io.lakestudio.store.PreconditionFailed;
import io.lakestudio.store.StoreException;
import io.lakestudio.store.WriteCondition;

/**
 * The writer of a transactional KV store kept whole in an object store, after SlateDB's design: each batch one WAL
 * object (if-absent), a memtable flushed to L0 SSTs on a size or age bound, merges into sorted runs, and a manifest
 * whose every version is a new object written if-absent. Opening bumps the writer epoch and places a fence in the
 * WAL, so an older writer's next write is refused and it fails with {@link Fenced}. Spawns no threads: flushes and
 * merges run inside the calls that cross their bounds, or when asked.
 */
public final class KvStore implements KvReads, AutoCloseable {

	private record Committed(long seq, List<Wal.Op> ops) {
	}

	private final ObjectStore store;
	private final KvOptions options;
	private final ManifestLog log;
	private final SstCache cache;
	private final CrashSeam seam;
	private final Compactor compactor;
	private final long epoch;
	private Manifest manifest;
	private Memtable memtable = new Memtable();
	private long nextSeq;
	private KvException broken;
	private final IdentityHashMap<ReadPoint, Boolean> live = new IdentityHashMap<>();
	private final Deque<Committed> recent = new ArrayDeque<>();
	private int openTransactions;

	private KvStore(ObjectStore store, KvOptions options, Manifest manifest) {
		this.store = store;
		this.options = options;
		this.log = new ManifestLog(store);
		this.cache = new SstCache(store, options.cacheBytes());
		this.seam = options.seam();
		this.compactor = new Compactor(store, cache, options.sstBytes(), seam);
		this.manifest = manifest;
		this.epoch = manifest.epoch();
	}

	/** Opens the store read-write, fencing any writer before this one; a store never opened is made. */
	public static KvStore open(ObjectStore store, KvOptions options) throws KvException {
		try {
			ManifestLog log = new ManifestLog(store);
			Manifest base = log.latest().orElse(null);
			if (base == null) {
				Manifest first = Manifest.empty();
				try {
					store.put(Manifest.path(0), first.encode(), WriteCondition.IF_ABSENT);
				} catch (PreconditionFailed raced) {
					// another opener made it
				}
				base = log.latest().orElseThrow();
			}
			Manifest mine = log.update(base, m -> m.next(m.epoch() + 1, m.walFlushed(), m.nextSeq(), m.trees(),
					m.checkpoints()), m -> {
					});
			KvStore kv = new KvStore(store, options, mine);
			kv.replayAndFence();
			return kv;
		} catch (StoreException e) {
			throw failure(e);
		} catch (ManifestLog.Fenced e) {
			throw new IllegalStateException(e);
		}
	}

	/** Replays the WAL after the manifest's flushed position, then takes the next name so no older writer can. */
	private void replayAndFence() throws StoreException, KvException {
		long seq = manifest.walFlushed();
		for (var info : store.list("wal/")) {
			long s = Wal.seqOf(info.path());
			if (s <= seq)
				continue;
			apply(read(s));
			seq = s;
		}
		while (true) {
			seq++;
			try {
				store.put(Wal.path(seq), new Wal(seq, epoch, List.of()).encode(), WriteCondition.IF_ABSENT);
				break;
			} catch (PreconditionFailed e) {
				Wal w = read(seq); // an older writer's batch landed after the listing: it is durable, keep it
				if (w.epoch() > epoch)
					throw new Fenced(epoch, w.epoch());
				apply(w);
			}
		}
		nextSeq = Math.max(seq + 1, manifest.nextSeq());
	}

	private Wal read(long seq) throws StoreException {
		byte[] b = store.get(Wal.path(seq));
		try {
			return Wal.decode(b);
		} catch (RuntimeException e) {
			throw new StoreException(StoreException.Kind.DAMAGED, Wal.path(seq), Wal.path(seq) + ": " + e.getMessage());
		}
	}

	private void apply(Wal w) {
		memtable.apply(w);
	}

	public long epoch() {
		return epoch;
	}

	/** The sequence number of the last durable batch. */
	public synchronized long lastSeq() {
		return nextSeq - 1;
	}

	/** Writes a batch durably (one WAL object); returns its sequence number. */
	public long write(WriteBatch batch) throws KvException {
		return commit(null, batch);
	}

	synchronized long commit(Transaction tx, WriteBatch batch) throws KvException {
		usable();
		if (tx != null) {
			for (Committed c : recent)
				if (c.seq > tx.readSeq())
					for (Wal.Op op : c.ops)
						for (Transaction.Range r : tx.read)
							if (r.holds(op.subspace(), op.key()))
								throw new Conflict(op.subspace(), "a key it read or writes was written at " + c.seq);
			pruneRecent();
			if (batch.isEmpty())
				return tx.readSeq();
		}
		long seq = nextSeq;
		Wal w = new Wal(seq, epoch, List.copyOf(batch.ops()));
		try {
			store.put(Wal.path(seq), w.encode(), WriteCondition.IF_ABSENT);
		} catch (PreconditionFailed e) {
			throw fenced();
		} catch (StoreException e) {
			// the batch may or may not have landed: this writer can't tell its next name, so it stops
			broken = new KvException("a WAL write failed; reopen the store: " + e.getMessage(), e);
			throw broken;
		}
		seam.at(CrashSeam.WAL_WRITTEN);
		nextSeq = seq + 1;
		memtable.apply(w);
		if (openTransactions > 0)
			recent.add(new Committed(seq, w.ops()));
		if (memtable.bytes() >= options.memtableBytes() || memtable.ageNanos() >= options.memtableAge().toNanos())
			flush();
		return seq;
	}

	private void pruneRecent() {
		long oldest = Long.MAX_VALUE;
		for (ReadPoint rp : live.keySet())
			oldest = Math.min(oldest, rp.seq());
		while (!recent.isEmpty() && (openTransactions == 0 || recent.peekFirst().seq <= oldest))
			recent.removeFirst();
	}

	/** A consistent cut at the last durable batch; close it when done. */
	public synchronized ReadPoint readPoint() throws KvException {
		usable();
		ReadPoint rp = new ReadPoint(this, new Reads(manifest, List.of(memtable), nextSeq - 1, cache));
		live.put(rp, Boolean.TRUE);
		return rp;
	}

	public synchronized Transaction begin() throws KvException {
		ReadPoint rp = readPoint();
		rp.forTransaction = true;
		openTransactions++;
		return new Transaction(this, rp);
	}

	synchronized void release(ReadPoint rp) {
		if (live.remove(rp) != null && rp.forTransaction)
			openTransactions--;
		pruneRecent();
	}

	@Override
	public byte[] get(String subspace, byte[] key) throws KvException {
		try (ReadPoint rp = readPoint()) {
			return rp.get(subspace, key);
		}
	}

	@Override
	public List<KeyValue> scan(String subspace, byte[] from, byte[] to, int limit) throws KvException {
		try (ReadPoint rp = readPoint()) {
			return rp.scan(subspace, from, to, limit);
		}
	}

	/** Writes the memtable out as one L0 SST per subspace, then the WAL it held is deleted. */
	public synchronized void flush() throws KvException {
		usable();
		if (memtable.isEmpty())
			return;
		try {
			checkEpoch();
			Map<String, Manifest.Tree> trees = new HashMap<>(manifest.trees());
			for (String s : memtable.subspaces()) {
				List<Version> all = memtable.all(s);
				if (all.isEmpty())
					continue;
				SstInfo sst = Compactor.writeSst(store, s, all);
				Manifest.Tree t = manifest.tree(s);
				List<SstInfo> l0 = new ArrayList<>();
				l0.add(sst);
				l0.addAll(t.l0());
				trees.put(s, new Manifest.Tree(List.copyOf(l0), t.runs()));
			}
			seam.at(CrashSeam.FLUSH_SSTS_WRITTEN);
			long flushed = nextSeq - 1;
			commitManifest(m -> m.next(epoch, flushed, nextSeq, trees, live(m.checkpoints())));
			seam.at(CrashSeam.FLUSH_MANIFEST_WRITTEN);
			memtable = new Memtable();
			Collector.deleteFlushedWal(store, flushed);
			for (String s : trees.keySet()) {
				Manifest.Tree t = manifest.tree(s);
				if (t.l0().size() >= options.l0PerMerge())
					merge(s, t.runs().size() + 1 >= options.runsPerWholeMerge());
			}
			collect();
		} catch (StoreException e) {
			throw failure(e);
		}
	}

	/** Merges every subspace's tree (or only the named ones) whole: one sorted run each, tombstones dropped. */
	public synchronized CompactionReport compact(List<String> subspaces) throws KvException {
		usable();
		flush();
		List<CompactionReport.SubspaceMerge> merges = new ArrayList<>();
		try {
			for (String s : subspaces == null ? List.copyOf(manifest.trees().keySet()) : subspaces) {
				Compactor.Merge m = merge(s, true);
				if (m != null)
					merges.add(new CompactionReport.SubspaceMerge(s, true, m.inputs().size(), m.outputs().size(),
							m.inputs().stream().mapToLong(SstInfo::size).sum(),
							m.outputs().stream().mapToLong(SstInfo::size).sum(), m.versionsIn(), m.versionsOut(),
							m.tombstonesDropped()));
			}
			collect();
		} catch (StoreException e) {
			throw failure(e);
		}
		return new CompactionReport(merges);
	}

	private Compactor.Merge merge(String subspace, boolean whole) throws StoreException, KvException {
		long minLive = nextSeq - 1;
		for (ReadPoint rp : live.keySet())
			minLive = Math.min(minLive, rp.seq());
		checkEpoch();
		Compactor.Merge m = compactor.merge(subspace, manifest.tree(subspace), whole, minLive);
		if (m == null)
			return null;
		Map<String, Manifest.Tree> trees = new HashMap<>(manifest.trees());
		if (m.tree().l0().isEmpty() && m.tree().runs().isEmpty())
			trees.remove(subspace);
		else
			trees.put(subspace, m.tree());
		commitManifest(x -> x.next(epoch, manifest.walFlushed(), nextSeq, trees, live(x.checkpoints())));
		seam.at(CrashSeam.COMPACTION_MANIFEST_WRITTEN);
		return m;
	}

	/** Deletes SSTs, WAL objects and manifests that neither the manifest, a checkpoint nor a read point needs. */
	public synchronized void collect() throws KvException {
		try {
			List<Manifest> pinned = new ArrayList<>();
			for (ReadPoint rp : live.keySet())
				pinned.add(rp.reads.manifest());
			new Collector(store, log, seam, options.manifestsKept(), options.clock()).collect(pinned, cache);
		} catch (StoreException e) {
			throw failure(e);
		}
	}

	/** Flushes, then names the current cut: a pinned reader opened on it reads exactly it and writes nothing. */
	public synchronized String createCheckpoint(Duration lifetime) throws KvException {
		flush();
		String id = UUID.randomUUID().toString();
		long expires = lifetime == null ? 0 : options.clock().millis() + lifetime.toMillis();
		try {
			commitManifest(m -> {
				List<Manifest.Checkpoint> cps = new ArrayList<>(live(m.checkpoints()));
				cps.add(new Manifest.Checkpoint(id, m.version() + 1, expires));
				return m.next(epoch, manifest.walFlushed(), nextSeq, manifest.trees(), cps);
			});
		} catch (StoreException e) {
			throw failure(e);
		}
		return id;
	}

	public synchronized void deleteCheckpoint(String id) throws KvException {
		usable();
		try {
			commitManifest(m -> m.next(epoch, manifest.walFlushed(), nextSeq, manifest.trees(),
					live(m.checkpoints()).stream().filter(c -> !c.id().equals(id)).toList()));
			collect();
		} catch (StoreException e) {
			throw failure(e);
		}
	}

	/** The checkpoints in the newest manifest, readers' and named ones, unexpired. */
	public synchronized List<Manifest.Checkpoint> checkpoints() throws KvException {
		try {
			return live(log.latest().orElseThrow().checkpoints());
		} catch (StoreException e) {
			throw failure(e);
		}
	}

	public StoreCensus census(boolean countLive) throws KvException {
		Manifest m;
		synchronized (this) {
			m = manifest;
		}
		try (ReadPoint rp = countLive ? readPoint() : null) {
			return Census.of(store, m, rp == null ? null : rp.reads);
		} catch (StoreException e) {
			throw failure(e);
		}
	}

	private List<Manifest.Checkpoint> live(List<Manifest.Checkpoint> cps) {
		long now = options.clock().millis();
		return cps.stream().filter(c -> c.live(now)).toList();
	}

	private void commitManifest(UnaryOperator<Manifest> change) throws StoreException, KvException {
		try {
			manifest = log.update(manifest, change, m -> {
				if (m.epoch() > epoch)
					throw new ManifestLog.Fenced(m.epoch());
			});
		} catch (ManifestLog.Fenced f) {
			broken = new Fenced(epoch, f.epoch);
			throw broken;
		}
	}

	/** Before writing SSTs: a newer writer may have taken over since our last write. */
	private void checkEpoch() throws StoreException, KvException {
		Optional<Manifest> latest = log.latest();
		if (latest.isPresent() && latest.get().epoch() > epoch) {
			broken = new Fenced(epoch, latest.get().epoch());
			throw broken;
		}
	}

	private KvException fenced() {
		try {
			Manifest latest = log.latest().orElseThrow();
			broken = latest.epoch() > epoch ? new Fenced(epoch, latest.epoch())
					: new KvException("WAL position " + nextSeq + " taken, but no newer writer in the manifest");
		} catch (StoreException e) {
			broken = new Fenced(epoch, -1);
		}
		return broken;
	}

	private void usable() throws KvException {
		if (broken != null)
			throw broken;
	}

	static KvException failure(StoreException e) {
		return new KvException(e.getMessage(), e);
	}

	public ObjectStore objectStore() {
		return store;
	}

	/** What this writer's SST cache has served and holds. */
	public CacheFigures cacheFigures() {
		return cache.figures();
	}

	/** The memtable's bytes: batches acknowledged (in the WAL) and not yet flushed to SSTs. */
	public synchronized long memtableBytes() {
		return memtable.bytes();
	}

	/** Flushes the memtable (so the next open replays no WAL), then refuses further calls. */
	@Override
	public synchronized void close() {
		if (broken == null)
			try {
				flush();
			} catch (KvException e) {
				// every batch is in the WAL already: the next open replays it
			}
		live.clear();
		cache.close();
		broken = broken != null ? broken : new KvException("the store is closed");
	}
}
