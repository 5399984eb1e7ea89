package io.lakestudio.moraine.kv;

import java.util.Optional;

import io.lakestudio.kv.KvOptions;
import io.lakestudio.kv.KvReader;
import io.lakestudio.moraine.store.Kv;
import io.lakestudio.moraine.store.KvException;
import io.lakestudio.moraine.store.KvStore;
import io.lakestudio.store.CountingStore;
import io.lakestudio.store.ObjectStore;

/**
 * moraine's KV port on the real store: {@code io.lakestudio.kv} kept whole in an {@link ObjectStore} (a local
 * folder, memory, OneLake). The writer is {@code io.lakestudio.kv.KvStore.open} (which fences the one before); a
 * reader follows the head under a checkpoint of its own, or is pinned to a named one and writes nothing.
 */
public final class ObjectKvStore implements KvStore {

	private final CountingStore objects;
	private final KvOptions options;

	/** Every request made for this store's handles is counted (their {@code tally()}). */
	public ObjectKvStore(ObjectStore objects, KvOptions options) {
		this.objects = objects instanceof CountingStore c ? c : new CountingStore(objects);
		this.options = options;
	}

	/** On the KV's default bounds, with {@code clock} for checkpoint lifetimes. */
	public static ObjectKvStore on(ObjectStore objects, java.time.Clock clock) {
		return new ObjectKvStore(objects, KvOptions.defaults().withClock(clock));
	}

	/** The object store, counting what is asked of it. */
	public CountingStore objectStore() {
		return objects;
	}

	@Override
	public String describe() {
		return "kv:" + objects.describe();
	}

	@Override
	public Kv openWriter() throws KvException {
		try {
			return new WriterKv(io.lakestudio.kv.KvStore.open(objects, options), objects);
		} catch (io.lakestudio.kv.KvException e) {
			throw Errors.of(e, "opening " + describe() + " read-write");
		}
	}

	@Override
	public Kv openReader(Optional<String> checkpoint) throws KvException {
		try {
			KvReader r = checkpoint.isPresent() ? KvReader.pinned(objects, checkpoint.get(), options)
					: KvReader.follow(objects, options);
			return new ReaderKv(r, objects);
		} catch (io.lakestudio.kv.KvException e) {
			throw Errors.of(e, "opening " + describe() + " read-only");
		}
	}

	/** Writes nothing, and an empty store is no error: how the lease is looked at before a writer opens. */
	@Override
	public Optional<byte[]> peek(String subspace, byte[] key) throws KvException {
		try {
			return Optional.ofNullable(KvReader.peek(objects, options, subspace, key));
		} catch (io.lakestudio.kv.KvException e) {
			throw Errors.of(e, "reading " + describe());
		}
	}
}
