package io.lakestudio.kv.internal;

/**
 * The test-only fault seam: named points between durable writes where a test may stop the store as a crash would
 * (the instance is then abandoned, never closed). Production code passes {@link #NONE}.
 */
public interface CrashSeam {

	/** After a batch's WAL object landed, before the batch is applied and acknowledged. */
	String WAL_WRITTEN = "wal-written";
	/** After a flush's L0 SSTs landed, before the manifest naming them. */
	String FLUSH_SSTS_WRITTEN = "flush-ssts-written";
	/** After a flush's manifest landed, before the flushed WAL objects are deleted. */
	String FLUSH_MANIFEST_WRITTEN = "flush-manifest-written";
	/** After some of a merge's output SSTs landed. */
	String COMPACTION_OUTPUT_WRITTEN = "compaction-output-written";
	/** After a merge's manifest landed, before its inputs are deleted. */
	String COMPACTION_MANIFEST_WRITTEN = "compaction-manifest-written";
	/** After the first of several garbage objects was deleted. */
	String GC_PARTIAL = "gc-partial";

	CrashSeam NONE = point -> {
	};

	void at(String point);

	/** What a seam throws to stop the store at a point. */
	final class Crash extends RuntimeException {
		private static final long serialVersionUID = 1L;

		public Crash(String point) {
			super("simulated crash at " + point);
		}
	}
}
