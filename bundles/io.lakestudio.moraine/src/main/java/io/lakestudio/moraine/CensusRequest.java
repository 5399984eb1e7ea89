package io.lakestudio.moraine;

/** How a census runs: {@code countLiveEntries} also scans the whole store to learn what fraction is live. */
public record CensusRequest(boolean countLiveEntries) {

	public static CensusRequest defaults() {
		return new CensusRequest(false);
	}
}
