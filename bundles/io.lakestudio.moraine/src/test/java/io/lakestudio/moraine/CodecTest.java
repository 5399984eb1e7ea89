package io.lakestudio.moraine;

import static org.junit.jupiter.api.Assertions.*;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import io.lakestudio.moraine.internal.store.Keys;
import io.lakestudio.moraine.internal.store.Values;

/** The store layer's codecs: tuple keys sort as their tuples do; values round-trip; bad bytes are refused. */
class CodecTest {

	static int compareTuples(Object[] a, Object[] b) {
		for (int i = 0; i < Math.min(a.length, b.length); i++) {
			int c = a[i] instanceof Long x ? Long.compare(x, (Long) b[i])
					: Arrays.compareUnsigned(((String) a[i]).getBytes(java.nio.charset.StandardCharsets.UTF_8),
							((String) b[i]).getBytes(java.nio.charset.StandardCharsets.UTF_8));
			if (c != 0)
				return c;
		}
		return Integer.compare(a.length, b.length);
	}

	@Test
	void keysSortExactlyAsTheirTuples() {
		Random random = new Random(42);
		String[] words = { "", "a", "a\0", "a\0b", "ab", "b", "\u00ff", "zz", "table", "table_stats" };
		List<Object[]> tuples = new ArrayList<>();
		for (int i = 0; i < 2_000; i++) {
			int n = 1 + random.nextInt(3);
			Object[] t = new Object[n];
			boolean longs = random.nextBoolean();
			for (int k = 0; k < n; k++)
				t[k] = longs ? (Object) (random.nextBoolean() ? random.nextLong() : (long) random.nextInt(5) - 2)
						: words[random.nextInt(words.length)];
			tuples.add(t);
		}
		for (int i = 1; i < tuples.size(); i++) {
			Object[] a = tuples.get(i - 1), b = tuples.get(i);
			if (a[0].getClass() != b[0].getClass())
				continue;
			int expected = Integer.signum(compareTuples(a, b));
			int actual = Integer.signum(Arrays.compareUnsigned(Keys.of(a), Keys.of(b)));
			assertEquals(expected, actual, Arrays.toString(a) + " vs " + Arrays.toString(b));
			assertEquals(Arrays.asList(a), Keys.decode(Keys.of(a)));
		}
	}

	@Test
	void aPrefixRangeHoldsExactlyTheKeysThatExtendIt() {
		byte[] prefix = Keys.of("ducklake_table");
		byte[] end = Keys.prefixEnd(prefix);
		Comparator<byte[]> order = Arrays::compareUnsigned;
		assertTrue(order.compare(Keys.of("ducklake_table", 5L, 9L), end) < 0);
		assertTrue(order.compare(Keys.of("ducklake_table", 5L), prefix) > 0);
		byte[] stats = Keys.of("ducklake_table_stats", 1L);
		assertFalse(order.compare(stats, prefix) >= 0 && order.compare(stats, end) < 0,
				"ducklake_table_stats is not inside ducklake_table's range");
	}

	@Test
	void valuesRoundTripAndDamagedOnesAreRefused() {
		byte[] v = Values.encode(1L, null, "x\0y", true, 2.5, new byte[] { 0, 1 }, new long[] { 3, -4 });
		List<Object> f = Values.decode(v);
		assertEquals(1L, f.get(0));
		assertNull(f.get(1));
		assertEquals("x\0y", f.get(2));
		assertEquals(true, f.get(3));
		assertEquals(2.5, f.get(4));
		assertArrayEquals(new byte[] { 0, 1 }, (byte[]) f.get(5));
		assertArrayEquals(new long[] { 3, -4 }, (long[]) f.get(6));
		assertThrows(IllegalArgumentException.class, () -> Values.decode(Arrays.copyOf(v, v.length - 3)));
		byte[] wrongVersion = v.clone();
		wrongVersion[0] = 9;
		assertThrows(IllegalArgumentException.class, () -> Values.decode(wrongVersion));
		byte[] huge = v.clone();
		huge[1] = 0x7f;
		assertThrows(IllegalArgumentException.class, () -> Values.decode(huge));
	}
}
