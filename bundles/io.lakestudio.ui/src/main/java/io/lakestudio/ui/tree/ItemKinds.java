package io.lakestudio.ui.tree;

import java.util.Comparator;
import java.util.List;

/** How the tree names and orders Fabric item types: the kinds that hold tables first, then the rest by name. */
final class ItemKinds {

	private static final List<String> ORDER = List.of("Lakehouse", "Warehouse", "SQLDatabase", "MirroredDatabase",
			"SemanticModel");

	static final Comparator<String> BY_KIND = Comparator
			.comparingInt((String t) -> ORDER.contains(t) ? ORDER.indexOf(t) : ORDER.size())
			.thenComparing(String.CASE_INSENSITIVE_ORDER);

	private ItemKinds() {
	}

	static String plural(String type) {
		return switch (type) {
		case "SemanticModel" -> "Semantic models";
		case "SQLDatabase" -> "SQL databases";
		case "MirroredDatabase" -> "Mirrored databases";
		case "MirroredWarehouse" -> "Mirrored warehouses";
		default -> type.endsWith("s") ? type : type + "s";
		};
	}
}
