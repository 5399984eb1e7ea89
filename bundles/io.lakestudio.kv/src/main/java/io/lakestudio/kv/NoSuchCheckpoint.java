package io.lakestudio.kv;

/** A pinned reader named a checkpoint the store does not hold, or one that has expired: nothing was read. */
public final class NoSuchCheckpoint extends KvException {

	private static final long serialVersionUID = 1L;

	public NoSuchCheckpoint(String message) {
		super(message);
	}
}
