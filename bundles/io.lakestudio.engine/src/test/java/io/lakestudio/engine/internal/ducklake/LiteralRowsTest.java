package io.lakestudio.engine.internal.ducklake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * What an INSERT may take as constants, skipping the rewrite and the guard: a text that names, calls or hides
 * anything must not pass, or the guard would never see it.
 */
class LiteralRowsTest {

	@Test
	void constantsPassWithTheirRowCount() {
		assertEquals(1, LiteralRows.rows("VALUES (1, 'x')", 2));
		assertEquals(3, LiteralRows.rows("values (-1.5e3, 'it''s', NULL), (TRUE, DATE '2020-01-01', 2::DECIMAL(18, 2)),"
				+ " (.5, TIMESTAMP '2020-01-01 00:00:00', [1, 2]::INTEGER[])", 3));
		assertEquals(1, LiteralRows.rows("VALUES ('a' :: VARCHAR)", 1));
	}

	@Test
	void anythingElseGoesTheWholeWay() {
		for (String text : new String[] { "VALUES (x)", "VALUES (now())", "VALUES ((SELECT 1))", "VALUES (1); SELECT 2",
				"VALUES (E'\\x41')", "VALUES ($$a$$)", "VALUES (1) /* 'x */", "VALUES (1) -- it's", "SELECT 1",
				"VALUES (DATE('2020-01-01'))", "VALUES (1::DECIMAL(read_csv('f')))", "VALUES (getvariable('v'))",
				"VALUES (lake.t.c)", "VALUES ('a'", "VALUES (1))", "VALUES (1) UNION VALUES (2)", "" }) {
			assertFalse(LiteralRows.matches(text), text);
		}
	}

	@Test
	void rowsOfAnotherWidthOrWithDefaultsAreNotTakenAsTheyAre() {
		assertTrue(LiteralRows.matches("VALUES (1, DEFAULT)"));
		assertEquals(-1, LiteralRows.rows("VALUES (1, DEFAULT)", 2));
		assertEquals(-1, LiteralRows.rows("VALUES (1, 2), (3)", 2));
		assertEquals(-1, LiteralRows.rows("VALUES (1, 2)", 3));
	}
}
