package io.lakestudio.delta;

/**
 * A top-level column of a Delta table. {@code type} is Delta's type as text: {@code long}, {@code string},
 * {@code decimal(10,2)}, {@code timestamp_ntz}, {@code array<string>}, {@code map<string,long>},
 * {@code struct<a:int,b:string>}.
 */
public record DeltaColumn(String name, String type, boolean nullable) {
}
