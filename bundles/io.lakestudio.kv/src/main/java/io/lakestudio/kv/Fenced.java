package io.lakestudio.kv;

/** This writer was fenced: another opened the store read-write (a newer epoch); it wrote nothing more. */
public final class Fenced extends KvException {

	private static final long serialVersionUID = 1L;
	private final long epoch;
	private final long newerEpoch;

	public Fenced(long epoch, long newerEpoch) {
		super("this writer (epoch " + epoch + ") was fenced by a newer writer (epoch " + newerEpoch + ")");
		this.epoch = epoch;
		this.newerEpoch = newerEpoch;
	}

	public long epoch() {
		return epoch;
	}

	public long newerEpoch() {
		return newerEpoch;
	}
}
