package io.lakestudio.moraine.kv;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

import io.lakestudio.kv.StoreCensus;
import io.lakestudio.kv.internal.Manifest;
import io.lakestudio.moraine.store.KvCensus;
import io.lakestudio.moraine.store.KvCheckpoint;
import io.lakestudio.store.ObjectInfo;
import io.lakestudio.store.ObjectStore;
import io.lakestudio.store.StoreException;

/** The real store's census and checkpoints in the port's shapes. */
final class Figures {

	/** A following reader's own checkpoint: the reader's business, not one a user named. */
	static final String READER_PREFIX = "reader-";

	private Figures() {
	}

	/** Manifests are counted in "other": the store's census weighs them with orphans, outside the SSTs. */
	static KvCensus census(StoreCensus c) {
		List<KvCensus.Subspace> out = new ArrayList<>();
		long sst = 0;
		for (StoreCensus.Subspace s : c.subspaces()) {
			out.add(new KvCensus.Subspace(s.name(), s.l0Ssts(), s.sortedRuns(), s.ssts(), s.sstBytes(),
					s.liveEntries() < 0 ? OptionalLong.empty() : OptionalLong.of(s.liveEntries()),
					s.liveBytes() < 0 ? OptionalLong.empty() : OptionalLong.of(s.liveBytes())));
			sst += s.sstBytes();
		}
		return new KvCensus(out, new KvCensus.Objects(0, c.walObjects(), c.walBytes(), sst,
				Math.max(0, c.unaccountedBytes() - c.walBytes())));
	}

	/**
	 * The named checkpoints (readers' own left out). A checkpoint pins the manifest version that added it, so that
	 * object's time is when it was made; its sequence is the last batch that manifest had flushed.
	 */
	static List<KvCheckpoint> checkpoints(List<Manifest.Checkpoint> cps, ObjectStore objects) throws StoreException {
		List<KvCheckpoint> out = new ArrayList<>();
		for (Manifest.Checkpoint c : cps) {
			if (c.id().startsWith(READER_PREFIX))
				continue;
			Optional<ObjectInfo> made = objects.head(Manifest.path(c.manifestVersion()));
			long seq = 0;
			if (made.isPresent())
				seq = Manifest.decode(objects.get(made.get().path())).walFlushed();
			out.add(new KvCheckpoint(c.id(), seq, made.map(ObjectInfo::lastModified).orElse(Instant.EPOCH),
					c.expiresAtMillis() == 0 ? Optional.empty()
							: Optional.of(Instant.ofEpochMilli(c.expiresAtMillis()))));
		}
		return out;
	}
}
