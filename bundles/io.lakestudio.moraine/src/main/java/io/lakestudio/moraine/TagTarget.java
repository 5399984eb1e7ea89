package io.lakestudio.moraine;

/**
 * A catalog object a tag can be attached to. Schemas, tables and views share one id space, so the kind selects
 * which entity a verb validates against, not how the tag is keyed.
 */
public record TagTarget(Kind kind, long id) {

	public enum Kind {
		SCHEMA, TABLE, VIEW
	}

	public static TagTarget schema(SchemaId id) {
		return new TagTarget(Kind.SCHEMA, id.value());
	}

	public static TagTarget table(TableId id) {
		return new TagTarget(Kind.TABLE, id.value());
	}

	public static TagTarget view(ViewId id) {
		return new TagTarget(Kind.VIEW, id.value());
	}
}
