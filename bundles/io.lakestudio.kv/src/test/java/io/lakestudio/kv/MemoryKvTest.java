package io.lakestudio.kv;

import io.lakestudio.store.MemoryStore;
import io.lakestudio.store.ObjectStore;

class MemoryKvTest extends KvContract {

	@Override
	protected ObjectStore objects() {
		return new MemoryStore();
	}
}
