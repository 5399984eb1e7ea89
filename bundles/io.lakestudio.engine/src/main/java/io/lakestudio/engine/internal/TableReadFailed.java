package io.lakestudio.engine.internal;

import io.lakestudio.catalog.LakeTable;
import io.lakestudio.engine.EngineException;

/**
 * Reading a table's log or files failed in a way a newer listing and metadata may mend (a data file removed by an
 * OPTIMIZE and VACUUM since the held snapshot, a log file rewritten): the engine refreshes the table and tries once
 * more.
 */
public final class TableReadFailed extends EngineException {

	private static final long serialVersionUID = 1L;

	private final transient LakeTable table;

	public TableReadFailed(LakeTable table, String message, Throwable cause) {
		super(Kind.FAILED, message, cause);
		this.table = table;
	}

	public LakeTable table() {
		return table;
	}
}
