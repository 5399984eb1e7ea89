package io.lakestudio.engine.internal.ducklake;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;
import io.lakestudio.engine.internal.Sql;

/**
 * {@code getvariable('name')} read now, as the constant expression it holds (the serialised tree of a string
 * literal or a list of them), so that a file reader given one is checked by the guard as if the paths were typed.
 */
final class Variables {

	private static final ObjectMapper JSON = new ObjectMapper();

	private Variables() {
	}

	/** The constant, or null when {@code e} is no {@code getvariable} of a constant name, or holds no text. */
	static JsonNode constant(Connection d, JsonNode e) throws EngineException, SQLException {
		JsonNode args = e.path("arguments");
		JsonNode name = args.path(0).path("expression");
		if (!"FUNCTION".equals(e.path("class").asText()) || !"getvariable".equalsIgnoreCase(e.path("function_name")
				.asText()) || args.size() != 1 || !"CONSTANT".equals(name.path("class").asText())) {
			return null;
		}
		JsonNode value;
		try (PreparedStatement ps = d.prepareStatement("SELECT to_json(getvariable(?))::VARCHAR")) {
			ps.setString(1, name.path("literal").path("text").asText());
			try (ResultSet r = ps.executeQuery()) {
				r.next();
				value = r.getString(1) == null ? null : JSON.readTree(r.getString(1));
			}
		} catch (java.io.IOException x) {
			return null;
		}
		String literal;
		if (value != null && value.isTextual()) {
			literal = Sql.string(value.asText());
		} else if (value != null && value.isArray() && value.size() > 0) {
			List<String> items = new ArrayList<>();
			for (JsonNode v : value) {
				if (!v.isTextual()) {
					return null;
				}
				items.add(Sql.string(v.asText()));
			}
			literal = "[" + String.join(", ", items) + "]";
		} else {
			return null;
		}
		try (PreparedStatement ps = d.prepareStatement("SELECT json_serialize_sql(?::VARCHAR)")) {
			ps.setString(1, "SELECT " + literal);
			try (ResultSet r = ps.executeQuery()) {
				r.next();
				return JSON.readTree(r.getString(1)).path("statements").path(0).path("node").path("select_list").path(0);
			}
		} catch (java.io.IOException x) {
			throw new EngineException(Kind.FAILED, "cannot read the variable: " + x.getMessage(), x);
		}
	}
}
