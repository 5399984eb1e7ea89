package io.lakestudio.emulator.internal;

import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Fabric's long-running operations: a POST answers 202 with {@code Location} and {@code x-ms-operation-id}; the
 * operation reports Running on its first poll and Succeeded on the next, then its result is at {@code /result}.
 */
final class Operations {

	private record Op(Map<String, Object> result, int[] polls) {
	}

	private final Map<String, Op> ops = new ConcurrentHashMap<>();

	Answer start(Map<String, Object> result, String base) {
		String id = UUID.randomUUID().toString();
		ops.put(id, new Op(result, new int[1]));
		return Answer.json(202, Map.of()).header("Location", base + "/v1/operations/" + id)
				.header("x-ms-operation-id", id).header("Retry-After", "0");
	}

	Answer poll(String id, boolean result, String base) {
		Op op = ops.get(id);
		if (op == null) {
			return Answer.fabricError(404, "OperationNotFound", "The operation was not found");
		}
		if (result) {
			return op.polls()[0] > 1 ? Answer.json(200, op.result())
					: Answer.fabricError(400, "OperationNotCompleted", "The operation has not completed");
		}
		boolean done = ++op.polls()[0] > 1;
		Answer a = Answer.json(200, FabricApi.map("status", done ? "Succeeded" : "Running", "percentComplete",
				done ? 100 : 50, "error", null));
		return done ? a.header("Location", base + "/v1/operations/" + id + "/result").header("x-ms-operation-id", id)
				: a.header("Retry-After", "0").header("x-ms-operation-id", id);
	}
}
