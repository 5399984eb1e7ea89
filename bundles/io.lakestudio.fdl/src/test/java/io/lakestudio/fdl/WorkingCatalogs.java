package io.lakestudio.fdl;

import java.nio.file.Path;

/** {@link WorkingCatalog} for tests in other packages: one table, {@code t}, and a data file per insert. */
public final class WorkingCatalogs implements AutoCloseable {

	private final WorkingCatalog w;
	private final long table;

	private WorkingCatalogs(WorkingCatalog w, long table) {
		this.w = w;
		this.table = table;
	}

	/** A working catalog in {@code dir} whose table holds one data file of {@code size} bytes. */
	public static WorkingCatalogs with(Path dir, int size) throws Exception {
		WorkingCatalog w = new WorkingCatalog(dir);
		WorkingCatalogs c = new WorkingCatalogs(w, w.table("t"));
		c.insert(size);
		return c;
	}

	public Path catalog() {
		return w.catalog;
	}

	/** Adds a data file of {@code size} bytes in a new snapshot; returns its path under data/. */
	public String insert(int size) throws Exception {
		return w.insert(table, "t", size);
	}

	@Override
	public void close() throws Exception {
		w.close();
	}
}
