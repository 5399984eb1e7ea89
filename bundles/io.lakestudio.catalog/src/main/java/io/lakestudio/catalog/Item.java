package io.lakestudio.catalog;

import java.time.Instant;

/**
 * A Fabric item (Lakehouse, Warehouse, SemanticModel, SQLDatabase, a mirrored kind...). {@code type} is Fabric's
 * own type name. A staging item is never swept. {@code tablesPath}/{@code filesPath} are where its Tables and
 * Files folders live in the lake (a OneLake path or a local folder).
 */
public record Item(String id, String workspaceId, String name, String type, boolean staging, boolean schemaEnabled,
		String tablesPath, String filesPath, Instant lastRead, Instant droppedAt) {

	public Item(String id, String workspaceId, String name, String type, boolean staging, boolean schemaEnabled,
			String tablesPath, String filesPath) {
		this(id, workspaceId, name, type, staging, schemaEnabled, tablesPath, filesPath, null, null);
	}

	/** Item types whose {@code Tables/} folder holds Delta or Iceberg tables. */
	public boolean hasTables() {
		return switch (type) {
		case "Lakehouse", "Warehouse", "SQLDatabase", "MirroredDatabase", "MirroredWarehouse",
				"MirroredAzureDatabricksCatalog", "SnowflakeDatabase", "CosmosDBDatabase" -> true;
		default -> type.startsWith("Mirrored");
		};
	}

	public boolean dropped() {
		return droppedAt != null;
	}
}
