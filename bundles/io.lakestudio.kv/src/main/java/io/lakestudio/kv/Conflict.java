package io.lakestudio.kv;

/** A transaction read or wrote a key that a batch committed since its read point changed: nothing was written. */
public final class Conflict extends KvException {

	private static final long serialVersionUID = 1L;

	public Conflict(String subspace, String why) {
		super("transaction conflict in " + subspace + ": " + why);
	}
}
