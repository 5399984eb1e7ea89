package io.lakestudio.kv;

/** One live pair a scan returns. */
public record KeyValue(byte[] key, byte[] value) {
}
