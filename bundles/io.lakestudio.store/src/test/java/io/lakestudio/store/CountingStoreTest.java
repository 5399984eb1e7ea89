package io.lakestudio.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

import io.lakestudio.store.CountingStore.Kind;
import io.lakestudio.store.contract.ObjectStoreContract;

/** The counting decorator keeps every promise of the store it wraps, and counts each request once, by kind. */
class CountingStoreTest extends ObjectStoreContract {

	@Override
	protected ObjectStore store() {
		return new CountingStore(new MemoryStore());
	}

	@Test
	void eachRequestIsCountedOnceByKindWithTheBytesItMovedFailuresIncluded() throws Exception {
		CountingStore s = new CountingStore(new MemoryStore());
		s.put("a", new byte[10], WriteCondition.IF_ABSENT);
		assertThrows(PreconditionFailed.class, () -> s.put("a", new byte[3], WriteCondition.IF_ABSENT));
		s.get("a");
		s.get("a", 2, 4);
		assertThrows(StoreException.class, () -> s.get("missing"));
		s.head("a");
		s.list("");
		s.delete("a");
		assertEquals(2, s.requests(Kind.PUT), "the refused write is a request too");
		assertEquals(13, s.bytes(Kind.PUT));
		assertEquals(3, s.requests(Kind.GET));
		assertEquals(14, s.bytes(Kind.GET), "the whole object and the range");
		assertEquals(1, s.requests(Kind.HEAD));
		assertEquals(1, s.requests(Kind.LIST));
		assertEquals(1, s.requests(Kind.DELETE));
		assertEquals(3, s.writes());
		assertEquals(8, s.requests());
		assertEquals(s.requests(), s.tally().values().stream().mapToLong(CountingStore.Count::requests).sum());
	}
}
