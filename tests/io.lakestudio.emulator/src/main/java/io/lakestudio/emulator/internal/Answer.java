package io.lakestudio.emulator.internal;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

/** What a handler answers: status, headers and body; the emulator writes it and logs the status. */
public record Answer(int status, Map<String, String> headers, byte[] body) {

	public static final ObjectMapper JSON = new ObjectMapper();

	public static Answer json(int status, Object value) {
		try {
			Map<String, String> h = new LinkedHashMap<>();
			h.put("Content-Type", "application/json; charset=utf-8");
			return new Answer(status, h, JSON.writeValueAsBytes(value));
		} catch (JsonProcessingException e) {
			throw new IllegalStateException(e);
		}
	}

	/** Fabric's error body: {errorCode, message, requestId, isRetriable}. */
	public static Answer fabricError(int status, String code, String message) {
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("errorCode", code);
		body.put("message", message);
		body.put("requestId", java.util.UUID.randomUUID().toString());
		body.put("isRetriable", status == 429 || status >= 500);
		return json(status, body).header("x-ms-public-api-error-code", code);
	}

	/** The storage (DFS) error body: {error: {code, message}}, with x-ms-error-code. */
	public static Answer dfsError(int status, String code, String message) {
		return json(status, Map.of("error", Map.of("code", code, "message", message))).header("x-ms-error-code", code);
	}

	public static Answer bytes(int status, byte[] body) {
		Map<String, String> h = new LinkedHashMap<>();
		h.put("Content-Type", "application/octet-stream");
		return new Answer(status, h, body);
	}

	public static Answer text(int status, String body) {
		return new Answer(status, new LinkedHashMap<>(Map.of("Content-Type", "application/json")),
				body.getBytes(StandardCharsets.UTF_8));
	}

	public Answer header(String name, String value) {
		Map<String, String> h = new LinkedHashMap<>(headers);
		h.put(name, value);
		return new Answer(status, h, body);
	}
}
