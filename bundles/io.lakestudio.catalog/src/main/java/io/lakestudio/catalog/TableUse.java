package io.lakestudio.catalog;

import java.time.Duration;
import java.time.Instant;

/** One statement that read a table's rows: when, and from where (a tab, the command line, a model's query). */
public record TableUse(String tableId, Instant usedAt, String source) {

	/** The seed's rule: a table read this many times within {@link #IN_USE_WINDOW} is in use. */
	public static final int IN_USE_READS = 3;

	public static final Duration IN_USE_WINDOW = Duration.ofDays(14);
}
