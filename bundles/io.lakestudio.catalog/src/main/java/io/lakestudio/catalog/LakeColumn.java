package io.lakestudio.catalog;

/** A column of a table, in schema order; {@code type} is the Delta/Iceberg type as text. */
public record LakeColumn(int ordinal, String name, String type, boolean nullable, boolean partition) {
}
