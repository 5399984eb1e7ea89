package io.lakestudio.moraine.store;

/** One key and its value, as a scan returns them. */
public record KvEntry(byte[] key, byte[] value) {
}
