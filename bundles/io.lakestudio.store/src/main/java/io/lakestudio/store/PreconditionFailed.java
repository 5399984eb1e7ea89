package io.lakestudio.store;

/** A conditional write (or delete) whose condition did not hold: nothing was changed (HTTP 412). */
public class PreconditionFailed extends StoreException {

	private static final long serialVersionUID = 1L;

	public PreconditionFailed(String path, String why) {
		super(Kind.PRECONDITION_FAILED, path, path + ": " + why);
	}
}
