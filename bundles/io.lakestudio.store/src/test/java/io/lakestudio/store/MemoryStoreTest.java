package io.lakestudio.store;

import io.lakestudio.store.contract.ObjectStoreContract;

class MemoryStoreTest extends ObjectStoreContract {

	@Override
	protected ObjectStore store() {
		return new MemoryStore();
	}
}
