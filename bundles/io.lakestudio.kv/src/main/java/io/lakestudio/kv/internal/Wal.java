package io.lakestudio.kv.internal;

import java.util.ArrayList;
import java.util.List;

/**
 * A WAL object: one durable batch at {@code wal/<seq, 20 digits>}, written if-absent, so a fenced writer's next
 * batch is refused at the name the new writer took. Carries the writer's epoch and the batch's puts and deletes
 * (value null) by subspace. An empty batch is the fence a new writer places.
 */
public record Wal(long seq, long epoch, List<Op> ops) {

	private static final long MAGIC = 0x4c4b57414c303031L; // "LKWAL001"

	/** One write of a batch. */
	public record Op(String subspace, byte[] key, byte[] value) {
	}

	/** The most an empty batch (a fence) encodes to: magic, two varints, a zero count, the checksum. */
	private static final long FENCE_MAX_BYTES = 8 + 10 + 10 + 1 + 8;

	/**
	 * Whether an object of this size may be a fence. Kept past its flush (the newest few), so a writer fenced while
	 * quiet that wakes after the new writer flushed still finds its next name taken rather than free, and is refused
	 * instead of writing a batch no one will replay. A tiny real batch kept by mistake is harmless: at or below the
	 * flushed position, nothing replays it.
	 */
	public static boolean mayBeFence(long size) {
		return size <= FENCE_MAX_BYTES;
	}

	public static String path(long seq) {
		return "wal/" + String.format("%020d", seq);
	}

	public static long seqOf(String path) {
		return Long.parseLong(path.substring(path.lastIndexOf('/') + 1));
	}

	public byte[] encode() {
		Bytes.Out out = new Bytes.Out(64 + ops.size() * 32);
		out.fixed64(MAGIC).varint(seq).varint(epoch).varint(ops.size());
		for (Op op : ops) {
			out.string(op.subspace()).bytes(op.key());
			out.write(op.value() == null ? 1 : 0);
			out.bytes(op.value() == null ? new byte[0] : op.value());
		}
		out.fixed64(Bytes.crc(out.buffer(), 0, out.size()) & 0xffffffffL);
		return out.toByteArray();
	}

	public static Wal decode(byte[] b) {
		if (b.length < 16 || Bytes.crc(b, 0, b.length - 8) != (int) new Bytes.In(b, b.length - 8, b.length).fixed64())
			throw new IllegalStateException("damaged WAL object (checksum)");
		Bytes.In in = new Bytes.In(b, 0, b.length - 8);
		if (in.fixed64() != MAGIC)
			throw new IllegalStateException("not a WAL object");
		long seq = in.varint();
		long epoch = in.varint();
		List<Op> ops = new ArrayList<>();
		for (long n = in.varint(); n > 0; n--) {
			String s = in.string();
			byte[] k = in.bytes();
			boolean del = in.u8() == 1;
			byte[] v = in.bytes();
			ops.add(new Op(s, k, del ? null : v));
		}
		return new Wal(seq, epoch, List.copyOf(ops));
	}
}
