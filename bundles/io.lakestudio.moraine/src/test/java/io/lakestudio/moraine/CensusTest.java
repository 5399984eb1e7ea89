package io.lakestudio.moraine;

import static org.junit.jupiter.api.Assertions.*;

import org.junit.jupiter.api.Test;

import io.lakestudio.moraine.store.TestKvStore;

/** The seed's census and compaction example. */
class CensusTest {

	@Test
	void everySubspaceIsReportedAndTheMergeCollapsesRuns() {
		try (Catalog catalog = Catalog.open(new TestKvStore(), CatalogOptions.defaults())) {
			catalog.commit(tx -> tx.createSchema("sales"));
			StoreCensus census = catalog.storeCensus(CensusRequest.defaults());
			assertTrue(census.subspaces().stream().anyMatch(s -> s.subspace() == SubspaceName.CURRENT));
			for (SubspaceName name : SubspaceName.values())
				if (name != SubspaceName.UNKNOWN)
					assertTrue(census.subspaces().stream().anyMatch(s -> s.subspace() == name), name.name());
			SubspaceCensus current = census.subspaces().stream().filter(s -> s.subspace() == SubspaceName.CURRENT)
					.findFirst().orElseThrow();
			assertTrue(current.sstBytes() > 0 || census.unaccountedBytes() > 0,
					"the commits are in the subspace's SSTs or, still in the write-ahead log, outside them");
			assertTrue(current.liveEntries().isEmpty(), "no scan unless asked");

			CompactStoreReport report = catalog.compactStore(CompactStoreRequest.defaults());
			assertFalse(report.merges().isEmpty());
			assertTrue(report.merges().stream().anyMatch(m -> m.subspace() == SubspaceName.CURRENT
					&& m.outcome() == MergeOutcome.MERGED));
			SubspaceCensus after = catalog.storeCensus(new CensusRequest(true)).subspaces().stream()
					.filter(s -> s.subspace() == SubspaceName.CURRENT).findFirst().orElseThrow();
			assertEquals(1, after.sortedRuns());
			assertEquals(0, after.l0Ssts());
			assertTrue(after.liveEntries().getAsLong() > 0);
		}
	}

	@Test
	void aReaderTakesACensusToo() {
		TestKvStore store = new TestKvStore();
		Catalog.open(store, CatalogOptions.defaults()).close();
		try (ReadOnlyCatalog reader = ReadOnlyCatalog.openReadOnly(store, CatalogOptions.defaults())) {
			assertTrue(reader.storeCensus(CensusRequest.defaults()).subspaces().size() >= 7);
		}
	}
}
