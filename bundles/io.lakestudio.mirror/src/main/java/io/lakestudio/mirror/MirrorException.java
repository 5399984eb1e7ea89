package io.lakestudio.mirror;

import io.lakestudio.onelake.LakeException;

/** The mirror could not be brought up to date or read; {@link #offline()} says whether the lake was away. */
public class MirrorException extends Exception {

	private static final long serialVersionUID = 1L;

	public MirrorException(String message, Throwable cause) {
		super(message, cause);
	}

	public MirrorException(String message) {
		super(message);
	}

	/** True when a lake call failed because the network or the service is away: what is held may still serve. */
	public boolean offline() {
		for (Throwable c = getCause(); c != null; c = c.getCause()) {
			if (c instanceof LakeException l) {
				return l.kind() == LakeException.Kind.OFFLINE || l.kind() == LakeException.Kind.UNAVAILABLE;
			}
		}
		return false;
	}
}
