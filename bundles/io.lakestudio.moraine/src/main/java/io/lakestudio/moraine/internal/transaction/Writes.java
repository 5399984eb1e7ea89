package io.lakestudio.moraine.internal.transaction;

import io.lakestudio.moraine.MoraineException;
import io.lakestudio.moraine.MoraineException.Kind;
import io.lakestudio.moraine.store.Kv;
import io.lakestudio.moraine.store.KvException;
import io.lakestudio.moraine.store.WriteBatch;

/** Lands one batch through the KV port, turning its failures into the catalog's typed errors. */
public final class Writes {

	private Writes() {
	}

	public static long land(Kv kv, WriteBatch batch, String what) {
		try {
			return kv.write(batch);
		} catch (KvException e) {
			throw translate(e, what);
		}
	}

	public static MoraineException translate(KvException e, String what) {
		Kind kind = switch (e.kind()) {
			case CONFLICT -> Kind.CONFLICT;
			case FENCED -> Kind.FENCED;
			case TOO_LARGE -> Kind.COMMIT_TOO_LARGE;
			case NO_SUCH_CHECKPOINT -> Kind.NO_SUCH_CHECKPOINT;
			case READ_ONLY -> Kind.INVALID;
			case IO -> Kind.STORE;
		};
		String message = switch (e.kind()) {
			case FENCED -> what + " refused: a newer writer has opened this store, so this one writes nothing more ("
					+ e.getMessage() + ")";
			default -> what + " failed: " + e.getMessage();
		};
		return new MoraineException(kind, message, e);
	}
}
