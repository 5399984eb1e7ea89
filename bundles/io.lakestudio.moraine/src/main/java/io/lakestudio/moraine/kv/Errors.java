package io.lakestudio.moraine.kv;

import io.lakestudio.kv.Conflict;
import io.lakestudio.kv.Fenced;
import io.lakestudio.kv.NoSuchCheckpoint;
import io.lakestudio.moraine.store.KvException;

/** The real store's exceptions as the port's kinds, by type (never by message). */
final class Errors {

	private Errors() {
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
