package io.lakestudio.moraine;

import java.util.List;

/** A macro with its implementations. */
public record MacroInfo(MacroId id, SchemaId schema, String name, List<MacroImplementationDef> implementations,
		SnapshotId begin) {
}
