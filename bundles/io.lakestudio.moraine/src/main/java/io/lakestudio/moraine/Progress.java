package io.lakestudio.moraine;

/**
 * What a long pass (maintain, compactStore, migrate) tells its caller between durable batches, and how the caller
 * stops it there: the pass asks {@link #stopRequested()} only at a boundary, so a stop never tears a batch, and
 * ends with {@link MoraineException.Kind#INTERRUPTED} keeping what had landed. moraine spawns no threads, so a
 * host that wants a pass stopped (a Ctrl-C) answers true from another.
 */
public interface Progress {

	Progress NONE = new Progress() {
	};

	/** A durable batch landed: {@code done} units of {@code what} so far ("entries deleted", "subspaces merged"). */
	default void landed(String what, long done) {
	}

	default boolean stopRequested() {
		return false;
	}
}
