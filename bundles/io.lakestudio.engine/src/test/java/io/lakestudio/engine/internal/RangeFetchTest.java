package io.lakestudio.engine.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * How a wave's ranges are asked: near ranges of a file as one read, and further ones too when that saves the wave
 * a round trip (a round trip per 8 reads) for fewer bytes than it is worth; ranges far apart stay apart.
 */
class RangeFetchTest {

	/** The missing chunks of one column in cold-bench's 13.6 MB files (4 row groups; the tail is held). */
	private static final long[][] ONE_COLUMN = { { 492_569, 500_943 }, { 7_178_761, 7_187_135 },
			{ 13_390_918, 13_392_348 }, { 13_618_172, 13_618_315 }, { 13_634_717, 13_634_860 } };

	@Test
	void aWaveOfFortyChunksTakesThreeRoundTripsNotFive() {
		List<RangeFetch.Job> jobs = jobs(8, ONE_COLUMN);
		List<RangeFetch.Job> asked = RangeFetch.coalesced(jobs);
		assertEquals(24, reads(asked), "per file: the first two row groups' chunks, then the last three with the"
				+ " bytes between them (16 and 225 KB), one read");
		assertCovers(jobs, asked);
		long added = bytes(asked) - bytes(jobs);
		assertTrue(added <= RangeFetch.ROUND_TRIP_BYTES * 2, "bytes added: " + added);
	}

	@Test
	void rangesFarApartStayApart() {
		long[][] far = { { 500_000, 6_700_000 }, { 7_200_000, 13_400_000 } };
		List<RangeFetch.Job> jobs = jobs(8, far);
		assertEquals(16, reads(RangeFetch.coalesced(jobs)), "closing 8 gaps of 500 KB would add 4 MB for one round trip");
	}

	@Test
	void withinOneRoundTripOnlyNearRangesMerge() {
		long[][] some = { { 0, 1000 }, { 10_000, 11_000 }, { 200_000, 201_000 } };
		List<RangeFetch.Job> asked = RangeFetch.coalesced(jobs(2, some));
		assertEquals(4, reads(asked), "the ranges 9 KB apart as one; 189 KB apart, two reads: 4 reads go in one"
				+ " round trip anyway");
	}

	@Test
	@Timeout(20)
	void aWaveOfAHundredThousandChunksIsPlannedInOnePass() {
		long[][] many = new long[50][];
		for (int k = 0; k < many.length; k++) {
			many[k] = new long[] { k * 40_000L, k * 40_000L + 1000 }; // 39 KB apart: 8 of them save a round trip
		}
		List<RangeFetch.Job> jobs = jobs(2000, many);
		long t0 = System.nanoTime();
		List<RangeFetch.Job> asked = RangeFetch.coalesced(jobs);
		long ms = (System.nanoTime() - t0) / 1_000_000;
		assertCovers(jobs, asked);
		assertEquals(2000, reads(asked), "every file one read: each 8 gaps of 39 KB closed (312 KB) save a round trip");
		assertTrue(ms < 2000, "planned in " + ms + " ms");
	}

	private static List<RangeFetch.Job> jobs(int files, long[][] ranges) {
		List<RangeFetch.Job> out = new ArrayList<>();
		for (int f = 0; f < files; f++) {
			List<long[]> rs = new ArrayList<>();
			for (long[] r : ranges) {
				rs.add(new long[] { r[0] + f, r[1] + f });
			}
			out.add(new RangeFetch.Job("lake/part-" + f + ".parquet", 13_654_413, Path.of("part-" + f), rs));
		}
		return out;
	}

	private static int reads(List<RangeFetch.Job> jobs) {
		return jobs.stream().mapToInt(j -> j.ranges().size()).sum();
	}

	private static long bytes(List<RangeFetch.Job> jobs) {
		return jobs.stream().flatMap(j -> j.ranges().stream()).mapToLong(r -> r[1] - r[0]).sum();
	}

	private static void assertCovers(List<RangeFetch.Job> wanted, List<RangeFetch.Job> asked) {
		for (int i = 0; i < wanted.size(); i++) {
			for (long[] w : wanted.get(i).ranges()) {
				assertTrue(asked.get(i).ranges().stream().anyMatch(a -> a[0] <= w[0] && w[1] <= a[1]),
						"every wanted range is asked: " + w[0] + "-" + w[1]);
			}
		}
	}
}
