package io.lakestudio.kv;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.lakestudio.kv.internal.Manifest;
import io.lakestudio.kv.internal.Reads;
import io.lakestudio.kv.internal.SstInfo;
import io.lakestudio.store.ObjectInfo;
import io.lakestudio.store.ObjectStore;
import io.lakestudio.store.StoreException;

/** A census from one manifest plus one listing; with a read point, also a scan of each subspace's live pairs. */
final class Census {

	private Census() {
	}

	static StoreCensus of(ObjectStore store, Manifest m, Reads scan) throws StoreException {
		long objects = 0;
		long total = 0;
		long walObjects = 0;
		long walBytes = 0;
		for (ObjectInfo o : store.list("")) {
			objects++;
			total += o.size();
			if (o.path().startsWith("wal/")) {
				walObjects++;
				walBytes += o.size();
			}
		}
		long referenced = 0;
		List<StoreCensus.Subspace> out = new ArrayList<>();
		for (Map.Entry<String, Manifest.Tree> e : m.trees().entrySet()) {
			List<SstInfo> all = e.getValue().all();
			long bytes = all.stream().mapToLong(SstInfo::size).sum();
			long versions = all.stream().mapToLong(SstInfo::entries).sum();
			referenced += bytes;
			long liveEntries = -1;
			long liveBytes = -1;
			if (scan != null) {
				liveEntries = 0;
				liveBytes = 0;
				for (Map.Entry<byte[], byte[]> kv : scan.scan(e.getKey(), new byte[0], null, Integer.MAX_VALUE)) {
					liveEntries++;
					liveBytes += kv.getKey().length + kv.getValue().length;
				}
			}
			out.add(new StoreCensus.Subspace(e.getKey(), e.getValue().l0().size(), e.getValue().runs().size(),
					all.size(), bytes, versions, liveEntries, liveBytes));
		}
		return new StoreCensus(m.version(), m.epoch(), out, objects, total, walObjects, walBytes,
				Math.max(0, total - referenced));
	}
}
