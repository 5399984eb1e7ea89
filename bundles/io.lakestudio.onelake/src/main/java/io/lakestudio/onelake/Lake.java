package io.lakestudio.onelake;

import java.util.List;

import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.LakeFile;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.TableMetadata;
import io.lakestudio.catalog.Workspace;

/**
 * What the sync job and the engine ask of a lake: listings, a table's metadata, and bytes. Each listing method
 * returns the whole listing (paging is the implementation's business) or throws; a listing is never returned
 * half done. Implementations: a local folder ({@code io.lakestudio.onelake.local}) and OneLake.
 */
public interface Lake extends AutoCloseable {

	/** One line for logs and {@code status}: which lake this is. */
	String describe();

	List<Workspace> workspaces() throws LakeException;

	List<Item> items(String workspaceId) throws LakeException;

	/** The tables of an item, with their schemas for a schema-enabled lakehouse. */
	List<LakeTable> tables(Item item) throws LakeException;

	/** One folder of an item's {@code Files/}; {@code dir} is relative to it, "" for its root. */
	List<LakeFile> files(Item item, String dir) throws LakeException;

	/** Reads a table's log: columns, version, partitioning, size. */
	TableMetadata tableMetadata(Item item, LakeTable table) throws LakeException;

	/** The byte layer: paths are the lake's own ({@link LakeTable#location()} and below). */
	LakeStore store();

	@Override
	default void close() {
	}
}
