package io.lakestudio.store.http;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;

import io.lakestudio.store.ObjectInfo;
import io.lakestudio.store.StoreException;

/**
 * The two bodies an FDL host answers with that are not objects of the store: a listing ({@code GET ?list=}) and an
 * error answer ({@code {"error":…,"message":…}}), read with jackson-core (already what the catalog parses JSON
 * with). Members are checked as the protocol names them: an unknown one, a missing one or a repeated one is refused.
 */
public final class HostAnswers {

	private static final JsonFactory JSON = JsonFactory.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
			.build();

	/** An error answer: the protocol's error code (e.g. {@code not-fast-forward}) and why, for people. */
	public record Error(String error, String message) {
	}

	private HostAnswers() {
	}

	/** The objects of a listing, sorted as the host sent them; their time is not in a listing. */
	public static List<ObjectInfo> listing(byte[] body, String where) throws StoreException {
		List<ObjectInfo> out = new ArrayList<>();
		try (JsonParser p = JSON.createParser(body)) {
			expect(p, JsonToken.START_OBJECT, where);
			if (p.nextToken() != JsonToken.FIELD_NAME || !"objects".equals(p.currentName()))
				throw damaged(where, "a listing is {\"objects\":[…]}");
			expect(p, JsonToken.START_ARRAY, where);
			while (p.nextToken() == JsonToken.START_OBJECT) {
				String path = null, etag = null;
				Long size = null;
				while (p.nextToken() == JsonToken.FIELD_NAME) {
					String name = p.currentName();
					JsonToken v = p.nextToken();
					switch (name) {
					case "path" -> path = text(p, v, where, name);
					case "etag" -> etag = text(p, v, where, name);
					case "size" -> {
						if (v != JsonToken.VALUE_NUMBER_INT || p.getLongValue() < 0)
							throw damaged(where, "size is not a whole number of bytes");
						size = p.getLongValue();
					}
					default -> throw damaged(where, "an object of a listing has no member " + name);
					}
				}
				if (path == null || etag == null || size == null)
					throw damaged(where, "an object of a listing lacks path, size or etag");
				out.add(new ObjectInfo(path, size, etag, Instant.EPOCH));
			}
			if (p.currentToken() != JsonToken.END_ARRAY || p.nextToken() != JsonToken.END_OBJECT || p.nextToken() != null)
				throw damaged(where, "a listing is {\"objects\":[…]} and nothing more");
			return out;
		} catch (IOException e) {
			throw damaged(where, "not JSON (" + e.getMessage() + ")");
		}
	}

	/** The error answer in {@code body}; empty when it is not one (the status alone then says what failed). */
	public static Optional<Error> error(byte[] body) {
		String error = null, message = null;
		try (JsonParser p = JSON.createParser(body)) {
			if (p.nextToken() != JsonToken.START_OBJECT)
				return Optional.empty();
			while (p.nextToken() == JsonToken.FIELD_NAME) {
				String name = p.currentName();
				if (p.nextToken() != JsonToken.VALUE_STRING)
					return Optional.empty();
				switch (name) {
				case "error" -> error = p.getText();
				case "message" -> message = p.getText();
				default -> {
					return Optional.empty();
				}
				}
			}
			if (p.nextToken() != null || error == null || error.isEmpty() || message == null)
				return Optional.empty();
			return Optional.of(new Error(error, message));
		} catch (IOException e) {
			return Optional.empty();
		}
	}

	private static void expect(JsonParser p, JsonToken t, String where) throws IOException, StoreException {
		if (p.nextToken() != t)
			throw damaged(where, "a listing is {\"objects\":[…]}");
	}

	private static String text(JsonParser p, JsonToken v, String where, String name) throws IOException, StoreException {
		if (v != JsonToken.VALUE_STRING || p.getText().isEmpty())
			throw damaged(where, name + " is not a string");
		return p.getText();
	}

	private static StoreException damaged(String where, String why) {
		return new StoreException(StoreException.Kind.DAMAGED, where, where + ": " + why);
	}
}
