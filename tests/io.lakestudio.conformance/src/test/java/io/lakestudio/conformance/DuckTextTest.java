package io.lakestudio.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What the runner compares is DuckDB's own text of each value: checked against DuckDB's {@code CAST(v AS VARCHAR)}
 * of the same value, for each type whose JDBC text differs and for random doubles and floats of every magnitude.
 */
class DuckTextTest {

	static Connection c;

	@BeforeAll
	static void open() throws SQLException {
		c = DriverManager.getConnection("jdbc:duckdb:");
		try (Statement s = c.createStatement()) {
			s.execute("SET TimeZone = 'UTC'");
		}
	}

	@AfterAll
	static void close() throws SQLException {
		c.close();
	}

	private static void same(String expr) throws Exception {
		try (Statement s = c.createStatement();
				ResultSet r = s.executeQuery("SELECT " + expr + ", CAST(" + expr + " AS VARCHAR)")) {
			r.next();
			String type = r.getMetaData().getColumnTypeName(1);
			assertEquals(r.getString(2), DuckText.of(type, cell(r)), expr + " (" + type + ")");
		}
	}

	private static DuckText.Cell cell(ResultSet r) {
		return new DuckText.Cell() {
			@Override
			public Object object() throws SQLException {
				return r.getObject(1);
			}

			@Override
			public String text() throws SQLException {
				return r.getString(1);
			}
		};
	}

	@Test
	void eachTypeReadsAsDuckDbPrintsIt() throws Exception {
		for (String e : List.of("true", "42::TINYINT", "12345678901234567890::HUGEINT", "1.50::DECIMAL(18,2)",
				"0.1::DOUBLE", "1e20::DOUBLE", "1.5e-7::DOUBLE", "100::DOUBLE", "1e15::DOUBLE", "1e16::DOUBLE",
				"-2.5e-300::DOUBLE", "'nan'::DOUBLE", "'inf'::DOUBLE", "'-inf'::DOUBLE", "-0.0::DOUBLE", "0.1::FLOAT",
				"3.4e38::FLOAT", "DATE '1992-01-01'", "TIMESTAMP '2020-01-01 12:00:00.5'",
				"TIMESTAMP '2020-01-01 12:00:00'", "TIMESTAMP_S '2020-01-01 00:00:01'", "TIMESTAMP_MS '2020-01-01 00:00:01'",
				"TIMESTAMP_NS '2020-01-01 00:00:00.123456789'", "TIMESTAMPTZ '2020-01-01 12:00:00.25+00'",
				"TIMESTAMPTZ '2020-06-01 00:00:00+05:30'", "TIME '12:00:00'", "TIME '12:00:01.25'",
				"TIMETZ '12:00:00+02'", "INTERVAL '1 year 2 months 3 days 04:05:06.7'", "'\\x00ab'::BLOB",
				"'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11'::UUID", "[1.5::DOUBLE, 1e20]", "['a', 'b c', NULL, 'a,b', '']",
				"{'a': 1, 'b': 'x y'}", "MAP {'k': [1, 2]}", "[[1], [2, 3]]", "'it''s'", "[1, 2]::INTEGER[2]",
				"'{\"a\":1}'::JSON", "'1010'::BIT")) {
			same(e);
		}
	}

	/** Random doubles of every magnitude, and whole ones, and short decimals. */
	private static double random(Random rnd, int i) {
		return switch (i % 3) {
		case 0 -> Math.scalb(rnd.nextDouble(), rnd.nextInt(120) - 60) * (rnd.nextBoolean() ? 1 : -1);
		case 1 -> Math.round(rnd.nextDouble() * 1e6) / Math.pow(10, rnd.nextInt(8)) * Math.pow(10, rnd.nextInt(12));
		default -> Double.longBitsToDouble(rnd.nextLong());
		};
	}

	@Test
	void doublesOfEveryMagnitudeReadAsDuckDbPrintsThem() throws Exception {
		Random rnd = new Random(7);
		try (PreparedStatement d = c.prepareStatement("SELECT CAST(?::DOUBLE AS VARCHAR)")) {
			for (int i = 0; i < 5000; i++) {
				double v = random(rnd, i);
				if (Double.isNaN(v)) {
					continue;
				}
				d.setDouble(1, v);
				try (ResultSet r = d.executeQuery()) {
					r.next();
					assertEquals(r.getString(1), DuckText.real(v), "double " + v);
				}
			}
		}
	}

	/**
	 * A FLOAT's text is its shortest digits; DuckDB's own printer sometimes gives more (its exact value, as
	 * 181325.875 for what reads back from 181325.88): the text reads back as the same float, and a FLOAT column is
	 * compared as numbers ({@link ResultCheck}), so that changes no verdict.
	 */
	@Test
	void floatsReadBackAsTheSameFloat() throws Exception {
		Random rnd = new Random(11);
		int same = 0;
		int n = 0;
		try (PreparedStatement f = c.prepareStatement("SELECT CAST(?::FLOAT AS VARCHAR)")) {
			for (int i = 0; i < 5000; i++) {
				float v = (float) random(rnd, i);
				if (!Float.isFinite(v)) {
					continue;
				}
				String text = DuckText.real(v);
				assertEquals(v, Float.parseFloat(text), text);
				f.setFloat(1, v);
				try (ResultSet r = f.executeQuery()) {
					r.next();
					assertEquals(v, Float.parseFloat(r.getString(1)), "DuckDB's own text reads back too");
					assertTrue(ResultCheck.same("FLOAT", text, r.getString(1)), text + " vs " + r.getString(1));
					same += r.getString(1).equals(text) ? 1 : 0;
					n++;
				}
			}
		}
		assertTrue(same > n * 9 / 10, same + " of " + n + " floats print as DuckDB prints them");
	}
}
