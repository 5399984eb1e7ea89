package io.lakestudio.moraine;

/** Which trees a compactStore call merges. */
public enum CompactionTarget {
	ALL, CATALOG_ROWS, INDEXES
}
