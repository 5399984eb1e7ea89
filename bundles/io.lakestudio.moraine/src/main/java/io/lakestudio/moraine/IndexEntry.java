package io.lakestudio.moraine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One index entry: a row id and its indexed values in the index's column order, each in its canonical text form.
 * A null is SQL NULL: such a row is exempt from uniqueness (a unique index admits any number of NULL rows) and
 * found by an IS NULL lookup.
 */
public record IndexEntry(long rowId, List<String> values) {

	public IndexEntry {
		values = Collections.unmodifiableList(new ArrayList<>(values));
	}

	public boolean hasNull() {
		return values.contains(null);
	}
}
