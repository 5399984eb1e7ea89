package io.lakestudio.kv;

import java.nio.file.Path;

import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.store.FolderStore;
import io.lakestudio.store.ObjectStore;

class FolderKvTest extends KvContract {

	@TempDir
	Path dir;
	private int made;

	@Override
	protected ObjectStore objects() throws Exception {
		return new FolderStore(dir.resolve("kv" + made++));
	}
}
