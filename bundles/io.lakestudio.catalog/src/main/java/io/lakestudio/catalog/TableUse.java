package io.lakestudio.catalog;

import java.time.Instant;

/** One statement that read a table's rows: when, and from where (a tab, the command line, a model's query). */
public record TableUse(String tableId, Instant usedAt, String source) {
}
