package io.lakestudio.catalog;

import java.util.Optional;

/**
 * A table's name as a user writes it: {@code workspace/item/table} or {@code workspace/item/schema/table}. The
 * item may carry its type ({@code Sales.Lakehouse}); without one a Lakehouse is preferred.
 */
public record TableName(String workspace, String item, Optional<String> schema, String table) {

	public static TableName parse(String text) {
		String[] parts = text.split("/", -1);
		for (String p : parts) {
			if (p.isBlank()) {
				throw new IllegalArgumentException(
						"'" + text + "' is not a table name: write workspace/item/table or workspace/item/schema/table");
			}
		}
		return switch (parts.length) {
		case 3 -> new TableName(parts[0], parts[1], Optional.empty(), parts[2]);
		case 4 -> new TableName(parts[0], parts[1], Optional.of(parts[2]), parts[3]);
		default -> throw new IllegalArgumentException(
				"'" + text + "' is not a table name: write workspace/item/table or workspace/item/schema/table");
		};
	}

	@Override
	public String toString() {
		return workspace + "/" + item + "/" + schema.map(s -> s + "/").orElse("") + table;
	}
}
