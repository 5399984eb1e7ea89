package io.lakestudio.moraine;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import io.lakestudio.moraine.internal.store.Values;
import io.lakestudio.moraine.internal.transaction.CrashPoints;
import io.lakestudio.moraine.internal.transaction.Migrations;
import io.lakestudio.moraine.store.KvEntry;
import io.lakestudio.moraine.store.TestKvStore;

/**
 * The seed's migration protocol, on a synthetic step behind the test seam (this build ships none): one-way,
 * crash-resumable under a durable cursor, every reader refusing the store meanwhile, the stamp flipped last.
 */
class MigrationTest {

	/** Layout 1 → 2: every option's value gets "(v2)" appended, so rewriting a key twice would show. */
	static final Migrations.Unit SYNTHETIC = new Migrations.Unit() {
		public int from() {
			return 1;
		}

		public int to() {
			return 2;
		}

		public String subspace() {
			return "options";
		}

		public byte[] rewrite(KvEntry e) {
			List<Object> f = new ArrayList<>(Values.decode(e.value()));
			f.set(1, f.get(1) + "(v2)");
			return Values.encode(f);
		}
	};

	static final class Crash extends Error {
		private static final long serialVersionUID = 1L;
	}

	@AfterEach
	void uninstall() {
		Migrations.install(List.of());
		CrashPoints.install(null);
	}

	static TestKvStore storeWithOptions(int n) {
		TestKvStore store = new TestKvStore();
		try (Catalog c = Catalog.open(store, CatalogOptions.defaults())) {
			c.commit(tx -> tx.createSchema("kept"));
			for (int i = 0; i < n; i++)
				c.setOption(OptionScope.GLOBAL, "k" + i, "v" + i);
		}
		return store;
	}

	@Test
	void withNoStepInstalledMigrateIsANoOp() {
		try (Catalog c = Catalog.open(storeWithOptions(2), CatalogOptions.defaults())) {
			MigrationReport r = c.migrate(MigrationRequest.defaults());
			assertTrue(r.noOp());
			assertEquals("v1", c.option(OptionScope.GLOBAL, "k1").orElseThrow());
		}
	}

	@Test
	void aStoppedMigrationResumesUnderItsCursorAndRewritesEachKeyOnce() {
		TestKvStore store = storeWithOptions(7);
		Migrations.install(List.of(SYNTHETIC));
		int[] batches = { 0 };
		CrashPoints.install(p -> {
			if (p == CrashPoints.Point.MIGRATION_BETWEEN_BATCHES && ++batches[0] == 2)
				throw new Crash();
		});
		Catalog first = Catalog.open(store, CatalogOptions.defaults());
		assertThrows(Crash.class, () -> first.migrate(new MigrationRequest(3)));
		CrashPoints.install(null);

		MoraineException refused = assertThrows(MoraineException.class,
				() -> ReadOnlyCatalog.openReadOnly(store, CatalogOptions.defaults()));
		assertEquals(MoraineException.Kind.UNSUPPORTED_FORMAT, refused.kind());
		assertTrue(refused.getMessage().contains("being migrated to layout version 2"), refused.getMessage());

		try (Catalog again = Catalog.open(store, CatalogOptions.defaults().withForceTakeover(true))) {
			assertThrows(MoraineException.class, again::snapshot, "its own reads refuse too until it is done");
			MigrationReport r = again.migrate(new MigrationRequest(3));
			assertEquals(1, r.toVersion() - r.fromVersion());
			assertEquals(1, r.keysRewritten(), "six were rewritten before the crash, one after");
			assertEquals(2, again.formatVersion());
			for (int i = 0; i < 7; i++)
				assertEquals("v" + i + "(v2)", again.option(OptionScope.GLOBAL, "k" + i).orElseThrow(), "k" + i);
			assertTrue(again.snapshot().schemaByName("kept").isPresent());
			assertTrue(again.migrate(MigrationRequest.defaults()).noOp(), "one-way, and done");
		}
		Migrations.install(List.of());
		assertEquals(MoraineException.Kind.UNSUPPORTED_FORMAT, assertThrows(MoraineException.class,
				() -> ReadOnlyCatalog.openReadOnly(store, CatalogOptions.defaults())).kind(),
				"a build that does not know layout 2 refuses it rather than misread it");
	}

	@Test
	void aCrashBeforeTheStampFlipsLeavesEveryKeyRewrittenOnceAndTheStampOld() {
		TestKvStore store = storeWithOptions(4);
		Migrations.install(List.of(SYNTHETIC));
		CrashPoints.install(p -> {
			if (p == CrashPoints.Point.MIGRATION_BEFORE_STAMP)
				throw new Crash();
		});
		Catalog first = Catalog.open(store, CatalogOptions.defaults());
		assertThrows(Crash.class, () -> first.migrate(new MigrationRequest(10)));
		CrashPoints.install(null);
		try (Catalog again = Catalog.open(store, CatalogOptions.defaults().withForceTakeover(true))) {
			assertEquals(1, again.formatVersion());
			assertEquals(0, again.migrate(new MigrationRequest(10)).keysRewritten());
			assertEquals(2, again.formatVersion());
			assertEquals("v3(v2)", again.option(OptionScope.GLOBAL, "k3").orElseThrow());
		}
	}
}
