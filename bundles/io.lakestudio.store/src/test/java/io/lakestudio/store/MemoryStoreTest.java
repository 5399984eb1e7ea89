package io.lakestudio.store;

class MemoryStoreTest extends ObjectStoreContract {

	@Override
	protected ObjectStore store() {
		return new MemoryStore();
	}
}
