package io.lakestudio.moraine;

import java.util.List;

/** One implementation (arity overload) of a macro: its SQL verbatim, and whether it is a scalar or table macro. */
public record MacroImplementationDef(String dialect, String sql, String type, List<MacroParameterDef> parameters) {

	public MacroImplementationDef {
		parameters = List.copyOf(parameters);
	}
}
