package io.lakestudio.catalog;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The catalog with its writes, for the sync job (and the sync pass of the command line). Each write is one short
 * transaction. A {@code replace...} call with {@code complete=true} is a complete listing: what it covers and does
 * not name is marked dropped, and what was already dropped at the previous complete listing is deleted. With
 * {@code complete=false} it only adds and updates. A listing that failed is recorded with
 * {@link #recordFailure} and changes no rows.
 */
public interface Catalog extends ReadOnlyCatalog {

	void replaceWorkspaces(List<Workspace> workspaces, boolean complete, Instant readAt);

	void replaceItems(String workspaceId, List<Item> items, boolean complete, Instant readAt);

	void replaceTables(String itemId, List<LakeTable> tables, boolean complete, Instant readAt);

	void replaceFiles(String itemId, String dir, List<LakeFile> files, boolean complete, Instant readAt);

	/** Stores a table's metadata (columns, version, size) read from its log. */
	void putTableMetadata(String tableId, TableMetadata metadata, Instant readAt);

	/** Records a failed listing: its message and time; the rows it covers stay as they were. */
	void recordFailure(String listing, String message, Instant at);

	/**
	 * Takes the lease if nobody holds it, this holder already does, or the holder's heartbeat is older than
	 * {@code staleAfter}. Returns whether {@code holder} holds it now; a held lease's heartbeat is renewed.
	 */
	boolean acquireLease(String holder, Duration staleAfter, Instant now);

	void releaseLease(String holder);

	/**
	 * Records one statement that read a table's rows. Written within half a second, with the other uses of that
	 * time, in one transaction (a statement shouldn't wait for a commit); at once for this handle's own reads of
	 * uses, and on close.
	 */
	void recordUse(String tableId, String source, Instant at);

	/** Records how far the warm read of a table in use got. */
	void putWarmState(WarmState state);
}
