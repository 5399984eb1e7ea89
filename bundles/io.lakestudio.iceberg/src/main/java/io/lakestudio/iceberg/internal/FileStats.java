package io.lakestudio.iceberg.internal;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.apache.iceberg.ContentFile;
import org.apache.iceberg.PartitionField;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Conversions;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

import io.lakestudio.iceberg.IcebergScan;

/** A data file's manifest metrics and identity partition values, decoded for the snapshot's top-level columns. */
public final class FileStats {

	private FileStats() {
	}

	public static IcebergScan.Stats of(ContentFile<?> f, Schema schema, PartitionSpec spec) {
		Map<Integer, Object> lower = new HashMap<>();
		Map<Integer, Object> upper = new HashMap<>();
		Map<Integer, Optional<Object>> identity = new HashMap<>();
		for (Types.NestedField c : schema.columns()) {
			decode(f.lowerBounds(), c, lower);
			decode(f.upperBounds(), c, upper);
		}
		if (spec != null && f.partition() != null) {
			List<PartitionField> fields = spec.fields();
			for (int i = 0; i < fields.size(); i++) {
				PartitionField p = fields.get(i);
				Types.NestedField c = schema.findField(p.sourceId());
				if (p.transform().isIdentity() && c != null && schema.columns().contains(c)) {
					Object v = f.partition().get(i, Object.class);
					Object d = v == null ? null : value(c.type(), v);
					if (v == null || d != null) {
						identity.put(c.fieldId(), Optional.ofNullable(d));
					}
				}
			}
		}
		return new IcebergScan.Stats(Map.copyOf(lower), Map.copyOf(upper), counts(f.nullValueCounts()),
				counts(f.valueCounts()), Map.copyOf(identity));
	}

	private static Map<Integer, Long> counts(Map<Integer, Long> m) {
		return m == null ? Map.of() : Map.copyOf(m);
	}

	private static void decode(Map<Integer, ByteBuffer> bounds, Types.NestedField c, Map<Integer, Object> out) {
		ByteBuffer b = bounds == null ? null : bounds.get(c.fieldId());
		if (b == null || !c.type().isPrimitiveType()) {
			return;
		}
		try {
			Object v = value(c.type(), Conversions.fromByteBuffer(c.type(), b.duplicate()));
			if (v != null) {
				out.put(c.fieldId(), v);
			}
		} catch (RuntimeException e) {
			// a bound not understood is no bound: the file is kept
		}
	}

	/** Iceberg's internal value as what pruning compares: Long, BigDecimal, String, LocalDate; null otherwise. */
	private static Object value(Type t, Object v) {
		return switch (t.typeId()) {
		case INTEGER, LONG -> v instanceof Number n ? (Object) n.longValue() : null;
		case DECIMAL -> v instanceof BigDecimal d ? d : null;
		case STRING -> v instanceof CharSequence s ? s.toString() : null;
		case DATE -> v instanceof Integer days ? LocalDate.ofEpochDay(days) : null;
		default -> null;
		};
	}
}
