package io.lakestudio.engine.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.lakestudio.catalog.Catalog;
import io.lakestudio.catalog.Catalogs;
import io.lakestudio.engine.EngineConfig;
import io.lakestudio.engine.EngineException;

/** What a DuckLake attachment will be: one explicit allowance lets its statement by; the rest stays refused. */
class GuardAllowanceTest {

	@Test
	void anAllowanceLetsItsStatementByAndNothingElse(@TempDir Path home) throws Exception {
		List<Refusals.Allowance> ducklake = List.of(new Refusals.Allowance("ATTACH",
				Pattern.compile("(?i)^ATTACH\\s+'ducklake:"), Parsed.Kind.QUERY));
		try (Catalog catalog = Catalogs.open(Catalogs.catalogFile(home, "a"), "a");
				Connection d = DuckDb.open(new EngineConfig(home, catalog, null, Clock.systemUTC(), 256, 1, 1L << 30,
						Duration.ofHours(1), true))) {
			Parsed p = Guard.parse(d, "ATTACH 'ducklake:/data/l.ducklake' AS l", Set.of(), ducklake);
			assertEquals(Parsed.Kind.QUERY, p.kind());
			assertEquals("ATTACH 'ducklake:/data/l.ducklake' AS l", p.prefix());
			for (String other : new String[] { "ATTACH '/data/x.duckdb' AS x", "ATTACH 'sqlite:/data/x' AS x",
					"COPY (SELECT 1) TO 'ducklake:/x'" }) {
				EngineException e = assertThrows(EngineException.class, () -> Guard.parse(d, other, Set.of(), ducklake));
				assertEquals(EngineException.Kind.REFUSED, e.kind(), other);
			}
			EngineException e = assertThrows(EngineException.class,
					() -> Guard.parse(d, "ATTACH 'ducklake:/data/l.ducklake' AS l", Set.of()));
			assertTrue(e.getMessage().contains("ATTACH would open or switch databases"), e.getMessage());
		}
	}
}
