package io.lakestudio.fdl.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.fdl.FdlException;
import io.lakestudio.store.MemoryStore;
import io.lakestudio.store.WriteCondition;

/**
 * A copy in ranged reads ends, whether or not the size is known: a data file whose catalog row gives no size (-1)
 * spun at 100% CPU writing empty reads forever in `fdl clone` (the chunk asked was computed as 0).
 */
class RangedTest {

	@TempDir
	Path dir;

	@Test
	void aCopyOfASizeNothingSaysReadsToTheEndAndStops() throws Exception {
		MemoryStore store = new MemoryStore();
		for (int n : new int[] { 0, 1, 999, 1000, 1001, 2500 }) {
			byte[] bytes = new byte[n];
			new Random(n).nextBytes(bytes);
			store.put("data/f" + n, bytes, WriteCondition.ALWAYS);
			Path file = dir.resolve("f" + n);
			String sha = assertTimeoutPreemptively(Duration.ofSeconds(10),
					() -> Ranged.copy(store, "data/f" + n, -1, 1000, file, "test"));
			assertArrayEquals(bytes, Files.readAllBytes(file), n + " bytes");
			assertEquals(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes)), sha);
			// and with the size said
			Ranged.copy(store, "data/f" + n, n, 1000, file, "test");
			assertArrayEquals(bytes, Files.readAllBytes(file), n + " bytes, size said");
		}
	}

	@Test
	void aSizeThatDisagreesIsRefusedAndLeavesNoFile() throws Exception {
		MemoryStore store = new MemoryStore();
		store.put("data/f", new byte[1500], WriteCondition.ALWAYS);
		Path file = dir.resolve("f");
		assertThrows(FdlException.class, () -> Ranged.copy(store, "data/f", 1499, 1000, file, "test"));
		assertFalse(Files.exists(file));
		assertThrows(FdlException.class, () -> Ranged.copy(store, "data/f", 1501, 1000, file, "test"));
		assertFalse(Files.exists(file));
	}
}
