package io.lakestudio.moraine;

/** How a compactStore call runs. */
public record CompactStoreRequest(CompactionTarget target) {

	public static CompactStoreRequest defaults() {
		return new CompactStoreRequest(CompactionTarget.ALL);
	}
}
