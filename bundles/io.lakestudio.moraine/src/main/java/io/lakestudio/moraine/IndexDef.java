package io.lakestudio.moraine;

import java.util.List;

/** The definition of an equality index to create. */
public record IndexDef(String name, List<ColumnId> columns, boolean unique) {

	public IndexDef {
		columns = List.copyOf(columns);
		if (columns.isEmpty())
			throw new IllegalArgumentException("an index needs at least one column");
	}
}
