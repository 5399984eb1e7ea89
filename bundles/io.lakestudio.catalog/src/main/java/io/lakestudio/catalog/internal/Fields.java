package io.lakestudio.catalog.internal;

/**
 * Reads a text of rows apart by char(30), their fields apart by char(29), as a query's {@code string_agg} hands a
 * listing over: a field at a time, with no array or copy per row (a metadata answer runs interpreted, and each
 * step per row of a 2,000-table listing costs it a millisecond or more).
 */
final class Fields {

	static final char ROW = '\u001e';
	static final char FIELD = '\u001d';

	private final String text;
	private int at;
	private int rowEnd = -1;

	Fields(String text) {
		this.text = text;
	}

	/** Moves to the next row, false past the last; the row before must have had all its fields read. */
	boolean nextRow() {
		if (rowEnd >= text.length() || at != rowEnd + 1) {
			return false;
		}
		int end = text.indexOf(ROW, at);
		rowEnd = end < 0 ? text.length() : end;
		return true;
	}

	/** The row's next field, or null when it has no more. */
	String next() {
		if (at > rowEnd) {
			return null;
		}
		int end = text.indexOf(FIELD, at);
		if (end < 0 || end > rowEnd) {
			end = rowEnd;
		}
		String field = text.substring(at, end);
		at = end + 1;
		return field;
	}

	/** Whether every field of the row was read (a row with more fields than its reader expects is not whole). */
	boolean rowDone() {
		return at == rowEnd + 1;
	}
}
