package io.lakestudio.moraine;

/** An option scope: global, or one schema or table. */
public record OptionScope(Kind kind, long id) {

	public enum Kind {
		GLOBAL, SCHEMA, TABLE
	}

	public static final OptionScope GLOBAL = new OptionScope(Kind.GLOBAL, 0);

	public static OptionScope schema(SchemaId id) {
		return new OptionScope(Kind.SCHEMA, id.value());
	}

	public static OptionScope table(TableId id) {
		return new OptionScope(Kind.TABLE, id.value());
	}
}
