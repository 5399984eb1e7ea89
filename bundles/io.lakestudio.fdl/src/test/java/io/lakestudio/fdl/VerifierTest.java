package io.lakestudio.fdl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.store.MemoryStore;
import io.lakestudio.store.WriteCondition;

/** verify names each altered or missing object and where it is (a same-size alteration: AlteredDataTest). */
class VerifierTest {

	@TempDir
	Path dir;

	@Test
	void eachAlteredOrMissingObjectIsNamed() throws Exception {
		TestClock clock = new TestClock(Instant.parse("2026-12-01T10:00:00Z"));
		MemoryStore store = new MemoryStore(clock);
		Repository repo = Repository.init(store, "mem:/");
		Signing key = Signing.generate();
		String altered, missing;
		try (WorkingCatalogs w = WorkingCatalogs.with(dir.resolve("w"), 100)) {
			altered = "data/" + w.insert(200);
			missing = "data/" + w.insert(300);
			new Writer(repo, key, "Ada", clock).commit(w.catalog(), "main", "m", dir.resolve("t"), false);
		}
		Verifier.Report good = new Verifier(repo, Trust.of(key.publicKey())).verify();
		assertTrue(good.ok(), good.problems().toString());
		assertEquals(3, good.dataFiles());

		store.put(altered, new byte[199], WriteCondition.ALWAYS);
		store.delete(missing);
		Verifier.Report bad = new Verifier(repo, Trust.of()).verify();
		assertEquals(1, bad.problems().size(), "an untrusted key stops the checks of that version: " + bad.problems());
		assertTrue(bad.problems().get(0).what().contains("not trusted"));
		bad = new Verifier(repo, Trust.of(key.publicKey())).verify();
		assertEquals(2, bad.problems().size(), bad.problems().toString());
		assertEquals(altered, bad.problems().get(0).path());
		assertTrue(bad.problems().get(0).what().contains("altered"));
		assertEquals(missing, bad.problems().get(1).path());
	}
}
