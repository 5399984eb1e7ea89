package io.lakestudio.moraine;

/**
 * One parameter of a macro implementation. An absent default stores {@code defaultValue} null with
 * {@code defaultValueType} "unknown", matching the row DuckLake writes.
 */
public record MacroParameterDef(String name, String type, String defaultValue, String defaultValueType) {

	public static MacroParameterDef of(String name, String type) {
		return new MacroParameterDef(name, type, null, "unknown");
	}
}
