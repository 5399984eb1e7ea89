package io.lakestudio.engine.internal.ducklake;

import java.sql.Connection;
import java.util.List;
import java.util.Map;

import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;

final class AddFiles {
	AddFiles(DuckLakeKind kind, Connection d, Attached a) {
	}

	List<String> add(List<String> args, Map<String, String> named) throws EngineException {
		throw new EngineException(Kind.FAILED, "not yet");
	}
}
