package io.lakestudio.iceberg;

import org.apache.iceberg.util.BucketUtil;

/**
 * Iceberg's bucket hash (32-bit murmur3, x86 variant, seed 0: {@link BucketUtil}), which DuckLake's
 * {@code bucket(n, col)} partition transform uses too: integers hashed as their 64-bit value, floating point as
 * the bits of the double, text as its UTF-8 bytes. A value's bucket is {@code (hash & Integer.MAX_VALUE) % n}.
 */
public final class BucketHash {

	private BucketHash() {
	}

	public static int ofLong(long v) {
		return BucketUtil.hash(v);
	}

	/** A double's hash; -0.0 hashes as 0.0, as DuckLake's does. */
	public static int ofDouble(double v) {
		return BucketUtil.hash(v == 0.0 ? 0.0 : v);
	}

	public static int ofString(CharSequence v) {
		return BucketUtil.hash(v);
	}

	public static int ofBytes(byte[] v) {
		return BucketUtil.hash(v);
	}

	/** The bucket of a hash among {@code n}. */
	public static int bucket(int hash, int n) {
		return (hash & Integer.MAX_VALUE) % n;
	}
}
