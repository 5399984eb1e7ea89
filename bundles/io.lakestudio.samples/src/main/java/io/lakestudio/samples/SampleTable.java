package io.lakestudio.samples;

import java.util.List;

/**
 * What the generator writes for one table: columns as DuckDB expressions over the row number {@code i}, an
 * optional partition column, and how many rows go into how many commits.
 */
record SampleTable(String name, List<Col> columns, String partitionColumn, long rows, int commits) {

	/** {@code type} is the Delta type; {@code sql} a DuckDB expression of that type over {@code i}. */
	record Col(String name, String type, String sql) {
	}

	static Col col(String name, String type, String sql) {
		return new Col(name, type, sql);
	}

	List<Col> dataColumns() {
		return columns.stream().filter(c -> !c.name().equals(partitionColumn)).toList();
	}
}
