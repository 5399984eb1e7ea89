package io.lakestudio.onelake.fabric;

import java.net.URI;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.LakeException.Kind;
import io.lakestudio.onelake.auth.TokenSource;

/**
 * A semantic model's definition through Fabric's getDefinition, a long-running operation: POST, then poll the
 * operation's {@code Location} until it succeeds, then read its result's parts (base64 payloads).
 */
public final class ModelDefinitions {

	private static final int MAX_POLLS = 60;

	private final Http http;
	private final Endpoints endpoints;

	ModelDefinitions(Http http, Endpoints endpoints) {
		this.http = http;
		this.endpoints = endpoints;
	}

	/** Part path to bytes, e.g. {@code model.bim} or {@code definition/tables/Sales.tmdl}. */
	public Map<String, byte[]> definition(String workspaceId, String modelId) throws LakeException {
		URI start = URI.create(endpoints.fabric() + "/v1/workspaces/" + workspaceId + "/semanticModels/" + modelId
				+ "/getDefinition");
		Http.Reply r = http.send("POST", start, TokenSource.FABRIC_SCOPE, null);
		if (r.status() == 202) {
			URI location = URI.create(r.headers().firstValue("Location")
					.orElseThrow(() -> new LakeException(Kind.MALFORMED, "A 202 without Location")));
			r = poll(location, r);
		}
		JsonNode parts = r.json().path("definition").path("parts");
		if (!parts.isArray()) {
			throw new LakeException(Kind.MALFORMED, "A model definition without parts");
		}
		Map<String, byte[]> out = new LinkedHashMap<>();
		for (JsonNode p : parts) {
			try {
				out.put(FabricLake.text(p, "path"), Base64.getDecoder().decode(FabricLake.text(p, "payload")));
			} catch (IllegalArgumentException e) {
				throw new LakeException(Kind.MALFORMED, "A definition part is not base64", e);
			}
		}
		return out;
	}

	/** Polls the operation until it succeeds, then reads its result. */
	private Http.Reply poll(URI location, Http.Reply accepted) throws LakeException {
		Http.Reply r = accepted;
		for (int i = 0; i < MAX_POLLS; i++) {
			pause(r);
			r = http.send("GET", location, TokenSource.FABRIC_SCOPE, null);
			JsonNode status = r.json();
			String s = status.path("status").asText("");
			if ("Failed".equals(s)) {
				throw new LakeException(Kind.FAILED, "getDefinition failed: " + status.path("error"));
			}
			if ("Succeeded".equals(s)) {
				URI result = URI.create(r.headers().firstValue("Location").orElse(location + "/result"));
				return http.send("GET", result, TokenSource.FABRIC_SCOPE, null);
			}
		}
		throw new LakeException(Kind.UNAVAILABLE, "getDefinition did not finish after " + MAX_POLLS + " polls");
	}

	/** Honours Retry-After between polls, up to 30 s. */
	private void pause(Http.Reply r) throws LakeException {
		long s = r.headers().firstValueAsLong("Retry-After").orElse(1);
		try {
			Thread.sleep(Math.min(30, Math.max(0, s)) * 1000);
		} catch (InterruptedException e) {
			Thread.currentThread().interrupt();
			throw new LakeException(Kind.FAILED, "Interrupted", e);
		}
	}
}
