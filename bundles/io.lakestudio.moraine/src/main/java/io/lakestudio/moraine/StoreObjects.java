package io.lakestudio.moraine;

/** What the object store holds, by kind of object; the write-ahead log shows up only here. */
public record StoreObjects(long manifestBytes, long walObjects, long walBytes, long sstBytes, long otherBytes) {
}
