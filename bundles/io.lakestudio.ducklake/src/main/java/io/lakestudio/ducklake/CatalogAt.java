package io.lakestudio.ducklake;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The schemas, tables and columns visible at one snapshot: each row whose {@code begin_snapshot <= s} and whose
 * {@code end_snapshot} is null or {@code > s}. Names are matched without regard to case, as DuckDB does.
 */
public record CatalogAt(Snapshot snapshot, List<SchemaEntry> schemas, List<TableEntry> tables,
		Map<Long, List<ColumnEntry>> columns, List<ViewEntry> views) {

	public Optional<ViewEntry> view(String schema, String name) {
		Optional<SchemaEntry> s = schema(schema);
		if (s.isEmpty()) {
			return Optional.empty();
		}
		long id = s.get().id();
		return views.stream().filter(v -> v.schemaId() == id && v.name().equalsIgnoreCase(name)).findFirst();
	}

	public Optional<SchemaEntry> schema(String name) {
		return schemas.stream().filter(s -> s.name().equalsIgnoreCase(name)).findFirst();
	}

	public Optional<TableEntry> table(String schema, String name) {
		Optional<SchemaEntry> s = schema(schema);
		if (s.isEmpty()) {
			return Optional.empty();
		}
		long id = s.get().id();
		return tables.stream().filter(t -> t.schemaId() == id && t.name().equalsIgnoreCase(name)).findFirst();
	}

	/** The table's columns in their order. */
	public List<ColumnEntry> columns(long tableId) {
		return columns.getOrDefault(tableId, List.of());
	}

	public Optional<ColumnEntry> column(long tableId, String name) {
		String n = name.toLowerCase(Locale.ROOT);
		return columns(tableId).stream().filter(c -> c.name().toLowerCase(Locale.ROOT).equals(n)).findFirst();
	}

	public Optional<SchemaEntry> schemaOf(TableEntry t) {
		return schemas.stream().filter(s -> s.id() == t.schemaId()).findFirst();
	}
}
