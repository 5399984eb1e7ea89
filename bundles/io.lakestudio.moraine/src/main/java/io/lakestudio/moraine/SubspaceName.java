package io.lakestudio.moraine;

/** One subspace of the keyspace, as a census names it; one this build does not know is {@link #UNKNOWN}. */
public enum SubspaceName {
	META("meta"), CURRENT("current"), SNAPSHOTS("snapshots"), INLINED("inlined"), INDEX("index"),
	OPTIONS("options"), MAINTENANCE("maintenance"), UNKNOWN(null);

	/** The subspace's name in the store. */
	public final String segment;

	SubspaceName(String segment) {
		this.segment = segment;
	}

	public static SubspaceName of(String segment) {
		for (SubspaceName s : values())
			if (segment.equals(s.segment))
				return s;
		return UNKNOWN;
	}
}
