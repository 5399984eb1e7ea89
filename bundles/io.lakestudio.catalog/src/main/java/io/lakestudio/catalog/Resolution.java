package io.lakestudio.catalog;

import java.util.List;

/**
 * The answer to "does this table exist", from listings alone: {@link Answer#EXISTS}, {@link Answer#MISSING} (a
 * complete listing says it isn't there) or {@link Answer#UNKNOWN} (the listing that would say was never held).
 * {@code closest} holds the nearest names when it is missing; {@code missingListing} names what is not held when
 * unknown.
 */
public record Resolution(Answer answer, LakeTable table, List<String> closest, String missingListing) {

	public enum Answer {
		EXISTS(0), MISSING(1), UNKNOWN(2);

		public final int exitCode;

		Answer(int exitCode) {
			this.exitCode = exitCode;
		}
	}

	public static Resolution exists(LakeTable table) {
		return new Resolution(Answer.EXISTS, table, List.of(), null);
	}

	public static Resolution missing(List<String> closest) {
		return new Resolution(Answer.MISSING, null, closest, null);
	}

	public static Resolution unknown(String listing) {
		return new Resolution(Answer.UNKNOWN, null, List.of(), listing);
	}
}
