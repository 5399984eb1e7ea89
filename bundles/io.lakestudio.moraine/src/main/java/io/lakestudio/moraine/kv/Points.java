package io.lakestudio.moraine.kv;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.lakestudio.kv.KeyValue;
import io.lakestudio.moraine.store.KvEntry;
import io.lakestudio.moraine.store.KvException;
import io.lakestudio.moraine.store.ReadPoint;

/** A real store's read point as the port's: one cut, closed through (a writer's pins what it reads until then). */
final class Points implements ReadPoint {

	private final io.lakestudio.kv.ReadPoint cut;

	Points(io.lakestudio.kv.ReadPoint cut) {
		this.cut = cut;
	}

	@Override
	public long sequence() {
		return cut.seq();
	}

	@Override
	public Optional<byte[]> get(String subspace, byte[] key) throws KvException {
		try {
			return Optional.ofNullable(cut.get(subspace, key));
		} catch (io.lakestudio.kv.KvException e) {
			throw Errors.of(e, "reading " + subspace);
		}
	}

	@Override
	public List<KvEntry> scan(String subspace, byte[] from, byte[] to, int limit) throws KvException {
		try {
			List<KvEntry> out = new ArrayList<>();
			for (KeyValue kv : cut.scan(subspace, from, to, limit))
				out.add(new KvEntry(kv.key(), kv.value()));
			return out;
		} catch (io.lakestudio.kv.KvException e) {
			throw Errors.of(e, "scanning " + subspace);
		}
	}

	@Override
	public void close() {
		cut.close();
	}
}
