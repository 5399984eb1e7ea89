package io.lakestudio.iceberg.internal;

import java.util.ArrayList;
import java.util.List;

import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/** The DuckDB type an Iceberg type is read as from Parquet. */
public final class DuckTypes {

	private DuckTypes() {
	}

	public static String of(Type t) {
		return switch (t.typeId()) {
		case BOOLEAN -> "BOOLEAN";
		case INTEGER -> "INTEGER";
		case LONG -> "BIGINT";
		case FLOAT -> "FLOAT";
		case DOUBLE -> "DOUBLE";
		case DATE -> "DATE";
		case TIME -> "TIME";
		case TIMESTAMP -> ((Types.TimestampType) t).shouldAdjustToUTC() ? "TIMESTAMP WITH TIME ZONE" : "TIMESTAMP";
		case TIMESTAMP_NANO -> ((Types.TimestampNanoType) t).shouldAdjustToUTC() ? "TIMESTAMP WITH TIME ZONE"
				: "TIMESTAMP_NS";
		case STRING -> "VARCHAR";
		case UUID -> "UUID";
		case FIXED, BINARY -> "BLOB";
		case DECIMAL -> "DECIMAL(" + ((Types.DecimalType) t).precision() + "," + ((Types.DecimalType) t).scale() + ")";
		case STRUCT -> {
			List<String> fs = new ArrayList<>();
			for (Types.NestedField f : t.asStructType().fields()) {
				fs.add(quote(f.name()) + " " + of(f.type()));
			}
			yield "STRUCT(" + String.join(", ", fs) + ")";
		}
		case LIST -> of(t.asListType().elementType()) + "[]";
		case MAP -> "MAP(" + of(t.asMapType().keyType()) + ", " + of(t.asMapType().valueType()) + ")";
		default -> throw new IllegalArgumentException("the Iceberg type " + t + " is not read so far");
		};
	}

	private static String quote(String name) {
		return "\"" + name.replace("\"", "\"\"") + "\"";
	}
}
