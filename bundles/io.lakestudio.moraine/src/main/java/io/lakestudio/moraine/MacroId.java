package io.lakestudio.moraine;

/** Identifies a macro. */
public record MacroId(long value) implements Comparable<MacroId> {

	@Override
	public int compareTo(MacroId o) {
		return Long.compare(value, o.value);
	}

	@Override
	public String toString() {
		return Long.toString(value);
	}
}
