package io.lakestudio.moraine.store;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Puts and deletes that land together, plus expectations (a key's value, or its absence) that must hold on the
 * state the batch lands on: the conflict check a commit protocol builds on.
 */
public final class WriteBatch {

	/** One put ({@code value} non-null) or delete ({@code value} null). */
	public record Op(String subspace, byte[] key, byte[] value) {
	}

	/** The value {@code key} must hold when the batch lands; {@code value} null: the key must be absent. */
	public record Expectation(String subspace, byte[] key, byte[] value) {

		public boolean holds(byte[] actual) {
			return value == null ? actual == null : actual != null && Arrays.equals(value, actual);
		}
	}

	private final List<Op> ops = new ArrayList<>();
	private final List<Expectation> expectations = new ArrayList<>();

	public WriteBatch put(String subspace, byte[] key, byte[] value) {
		ops.add(new Op(subspace, key.clone(), value.clone()));
		return this;
	}

	public WriteBatch delete(String subspace, byte[] key) {
		ops.add(new Op(subspace, key.clone(), null));
		return this;
	}

	public WriteBatch expect(String subspace, byte[] key, byte[] value) {
		expectations.add(new Expectation(subspace, key.clone(), value == null ? null : value.clone()));
		return this;
	}

	public List<Op> ops() {
		return List.copyOf(ops);
	}

	public List<Expectation> expectations() {
		return List.copyOf(expectations);
	}

	public boolean isEmpty() {
		return ops.isEmpty();
	}

	/** Keys plus values, the size a batch's single WAL object will roughly take. */
	public long bytes() {
		long n = 0;
		for (Op op : ops)
			n += op.key.length + (op.value == null ? 0 : op.value.length) + op.subspace.length();
		return n;
	}
}
