package io.lakestudio.moraine.kv;

import io.lakestudio.kv.Conflict;
import io.lakestudio.kv.Fenced;
import io.lakestudio.kv.NoSuchCheckpoint;
import io.lakestudio.moraine.store.KvException;
import io.lakestudio.store.StoreException;

/**
 * The real store's failures as the port's kinds, by type (never by message), in one place for the reader and the
 * writer alike: a call through {@link #mapped} fails only with the port's {@link KvException}.
 */
final class Errors {

	/** A call on the real store, or on the objects under it. */
	interface Call<T> {
		T run() throws io.lakestudio.kv.KvException, StoreException;
	}

	private Errors() {
	}

	static <T> T mapped(String doing, Call<T> call) throws KvException {
		try {
			return call.run();
		} catch (io.lakestudio.kv.KvException e) {
			throw of(e, doing);
		} catch (StoreException e) {
			throw new KvException(KvException.Kind.IO, doing + ": " + e.getMessage(), e);
		}
	}

	static KvException of(io.lakestudio.kv.KvException e, String doing) {
		KvException.Kind kind = e instanceof Conflict ? KvException.Kind.CONFLICT
				: e instanceof Fenced ? KvException.Kind.FENCED
						: e instanceof NoSuchCheckpoint ? KvException.Kind.NO_SUCH_CHECKPOINT : KvException.Kind.IO;
		return new KvException(kind, doing + ": " + e.getMessage(), e);
	}

	static KvException readOnly(String doing) {
		return new KvException(KvException.Kind.READ_ONLY, doing + " needs the writer; this handle is a reader");
	}
}
