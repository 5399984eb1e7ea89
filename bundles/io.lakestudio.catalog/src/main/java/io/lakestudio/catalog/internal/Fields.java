package io.lakestudio.catalog.internal;

import java.nio.charset.StandardCharsets;

/**
 * Reads a text of rows apart by char(30), their fields apart by char(29), as a query's {@code string_agg} hands a
 * listing over: a field at a time, with no array or copy per row, numbers read in place. A metadata answer runs
 * interpreted, and each step per row of a 2,000-table listing costs it a millisecond or more: the text's bytes are
 * gone over once, looking for separators and digits (ISO-8859-1 gives one byte a character, so a byte's index is its
 * character's; for a text of Latin-1 alone the bytes are a plain copy), not through {@code indexOf},
 * {@code split} and {@code Long.parseLong}.
 */
final class Fields {

	private static final byte ROW = 0x1e;
	private static final byte FIELD = 0x1d;

	private final String text;
	private final byte[] bytes;
	/** Where the next field starts. */
	private int at;
	/** Whether the row's last field was read: the next field is the next row's first. */
	private boolean rowDone = true;

	Fields(String text) {
		this.text = text;
		this.bytes = text.getBytes(StandardCharsets.ISO_8859_1);
	}

	/** Moves to the next row, false past the last; the row before must have had all its fields read. */
	boolean nextRow() {
		if (!rowDone || at > bytes.length) {
			return false;
		}
		rowDone = false;
		return true;
	}

	/** The row's next field, or null when it has no more. */
	String next() {
		int start = at;
		int end = end();
		return end < 0 ? null : text.substring(start, end);
	}

	/**
	 * The row's next field as a number, null when it is empty; a field of anything but digits, or none, is a
	 * {@link NumberFormatException}, as for {@link Long#parseLong}.
	 */
	Long number() {
		int start = at;
		int end = end();
		if (end < 0) {
			throw new NumberFormatException("no more fields");
		}
		if (end == start) {
			return null;
		}
		if (end - start > 18 || bytes[start] == '-') {
			return Long.parseLong(text.substring(start, end)); // it checks for overflow
		}
		long v = 0;
		for (int i = start; i < end; i++) {
			int d = bytes[i] - '0';
			if (d < 0 || d > 9) {
				throw new NumberFormatException("not a number: " + text.substring(start, end));
			}
			v = v * 10 + d;
		}
		return v;
	}

	/** Whether every field of the row was read (a row with more fields than its reader expects is not whole). */
	boolean rowDone() {
		return rowDone;
	}

	/** Where the row's next field ends (and moves past it), or -1 when the row has no more. */
	private int end() {
		if (rowDone) {
			return -1;
		}
		int end = at;
		byte b = 0;
		while (end < bytes.length && (b = bytes[end]) != FIELD && b != ROW) {
			end++;
		}
		rowDone = end == bytes.length || b == ROW;
		at = end + 1;
		return end;
	}
}
