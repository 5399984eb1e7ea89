package io.lakestudio.delta.internal;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import io.delta.kernel.expressions.Literal;
import io.delta.kernel.types.ArrayType;
import io.delta.kernel.types.BasePrimitiveType;
import io.delta.kernel.types.BinaryType;
import io.delta.kernel.types.BooleanType;
import io.delta.kernel.types.ByteType;
import io.delta.kernel.types.DataType;
import io.delta.kernel.types.DateType;
import io.delta.kernel.types.DecimalType;
import io.delta.kernel.types.DoubleType;
import io.delta.kernel.types.FloatType;
import io.delta.kernel.types.IntegerType;
import io.delta.kernel.types.LongType;
import io.delta.kernel.types.MapType;
import io.delta.kernel.types.ShortType;
import io.delta.kernel.types.StringType;
import io.delta.kernel.types.StructType;
import io.delta.kernel.types.TimestampNTZType;
import io.delta.kernel.types.TimestampType;
import io.lakestudio.delta.DeltaException;

/** Delta types as text (Spark's simple-string style) and Java values as Kernel literals. */
final class Types {

	private static final Pattern DECIMAL = Pattern.compile("decimal\\((\\d+),\\s*(\\d+)\\)");

	private Types() {
	}

	static String text(DataType t) {
		if (t instanceof StructType s) {
			return s.fields().stream().map(f -> f.getName() + ":" + text(f.getDataType()))
					.collect(Collectors.joining(",", "struct<", ">"));
		}
		if (t instanceof ArrayType a) {
			return "array<" + text(a.getElementType()) + ">";
		}
		if (t instanceof MapType m) {
			return "map<" + text(m.getKeyType()) + "," + text(m.getValueType()) + ">";
		}
		if (t instanceof DecimalType d) {
			return "decimal(" + d.getPrecision() + "," + d.getScale() + ")";
		}
		return t.toString().toLowerCase(java.util.Locale.ROOT);
	}

	/** Primitive types only: what the writer needs. */
	static DataType parse(String text) throws DeltaException {
		String s = text.trim().toLowerCase(java.util.Locale.ROOT);
		Matcher m = DECIMAL.matcher(s);
		if (m.matches()) {
			return new DecimalType(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
		}
		if (s.equals("int")) {
			s = "integer";
		}
		if (BasePrimitiveType.isPrimitiveType(s)) {
			return BasePrimitiveType.createPrimitive(s);
		}
		throw new DeltaException("unsupported column type for writing: " + text);
	}

	static Literal literal(Object v, DataType t) throws DeltaException {
		if (v == null) {
			return Literal.ofNull(t);
		}
		try {
			if (t instanceof BooleanType) {
				return Literal.ofBoolean((Boolean) v);
			} else if (t instanceof ByteType) {
				return Literal.ofByte(((Number) v).byteValue());
			} else if (t instanceof ShortType) {
				return Literal.ofShort(((Number) v).shortValue());
			} else if (t instanceof IntegerType) {
				return Literal.ofInt(((Number) v).intValue());
			} else if (t instanceof LongType) {
				return Literal.ofLong(((Number) v).longValue());
			} else if (t instanceof FloatType) {
				return Literal.ofFloat(((Number) v).floatValue());
			} else if (t instanceof DoubleType) {
				return Literal.ofDouble(((Number) v).doubleValue());
			} else if (t instanceof StringType) {
				return Literal.ofString((String) v);
			} else if (t instanceof DecimalType d) {
				return Literal.ofDecimal((BigDecimal) v, d.getPrecision(), d.getScale());
			} else if (t instanceof DateType) {
				return Literal.ofDate((int) ((LocalDate) v).toEpochDay());
			} else if (t instanceof TimestampType) {
				return Literal.ofTimestamp(ChronoUnit.MICROS.between(Instant.EPOCH, (Instant) v));
			} else if (t instanceof TimestampNTZType) {
				return Literal.ofTimestampNtz(
						ChronoUnit.MICROS.between(Instant.EPOCH, ((LocalDateTime) v).toInstant(ZoneOffset.UTC)));
			} else if (t instanceof BinaryType) {
				return Literal.ofBinary((byte[]) v);
			}
		} catch (ClassCastException e) {
			throw new DeltaException("value " + v + " (" + v.getClass().getSimpleName() + ") does not fit type "
					+ text(t));
		}
		throw new DeltaException("unsupported type for a stat or partition value: " + text(t));
	}
}
