package io.lakestudio.conformance;

/**
 * How one file went.
 *
 * @param file    its path relative to the suite folder ({@code test/sql/general/x.test})
 * @param detail  for a failure the first failing record (line, SQL, expected vs got); for a skip why
 * @param unmet   how many of its {@code require} lines this run can't meet
 */
public record Outcome(String file, Status status, String detail, long millis, int unmet) {

	public enum Status {
		PASS, FAIL, SKIP
	}

	/** The folder the report totals it under ({@code test/sql/general}). */
	public String folder() {
		int i = file.lastIndexOf('/');
		return i < 0 ? "." : file.substring(0, i);
	}
}
