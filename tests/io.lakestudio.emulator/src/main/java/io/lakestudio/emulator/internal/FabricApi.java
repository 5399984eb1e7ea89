package io.lakestudio.emulator.internal;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Stream;

import io.lakestudio.emulator.Emulator.SchemaTables;
import io.lakestudio.emulator.FolderTenant;
import io.lakestudio.emulator.FolderTenant.It;
import io.lakestudio.emulator.FolderTenant.Ws;

/**
 * Fabric REST's shapes over the folder tenant: workspaces, items, lakehouses (with their OneLake paths), a
 * lakehouse's tables (under {@code data}, refused for schema-enabled lakehouses), semantic models and their
 * definition as a long-running operation. Every list pages with continuationToken and continuationUri.
 */
public final class FabricApi {

	private final FolderTenant tenant;
	private final String base;
	private final String dfsBase;
	private final Operations operations = new Operations();
	public volatile int pageSize = 100;
	public volatile SchemaTables schemaTables = SchemaTables.BAD_REQUEST;
	/** Where long-running operations' Location headers point (another host, to test a client that follows it). */
	public volatile String operationsBase;

	public FabricApi(FolderTenant tenant, String base, String dfsBase) {
		this.tenant = tenant;
		this.base = base;
		this.dfsBase = dfsBase;
	}

	private String operationsBase() {
		return operationsBase == null ? base : operationsBase;
	}

	public Answer handle(String method, String path, Query q) {
		String[] s = path.substring(1).split("/");
		if (s.length < 2 || !"v1".equals(s[0])) {
			return Answer.fabricError(404, "EntityNotFound", "No such API: " + path);
		}
		if ("operations".equals(s[1]) && s.length >= 3 && "GET".equals(method)) {
			return operations.poll(s[2], s.length > 3 && "result".equals(s[3]), operationsBase());
		}
		if (!"workspaces".equals(s[1])) {
			return Answer.fabricError(404, "EntityNotFound", "No such API: " + path);
		}
		if (s.length == 2) {
			return page(path, q, tenant.workspaces(), w -> map("id", w.id(), "displayName", w.name(), "description",
					"", "type", "Workspace", "capacityId", FolderTenant.id("capacity", "emulator")), "value");
		}
		Optional<Ws> ws = tenant.workspace(s[2]);
		if (ws.isEmpty()) {
			return Answer.fabricError(404, "WorkspaceNotFound", "The requested workspace was not found");
		}
		if (s.length == 3) {
			return Answer.json(200, map("id", ws.get().id(), "displayName", ws.get().name(), "type", "Workspace"));
		}
		String kind = s[3];
		List<It> items = tenant.items(ws.get());
		if (s.length == 4 && "GET".equals(method)) {
			return switch (kind) {
			case "items" -> {
				String type = q.get("type");
				yield page(path, q, items.stream().filter(i -> type == null || type.equals(i.type())).toList(),
						this::item, "value");
			}
			case "lakehouses" -> page(path, q, ofType(items, "Lakehouse"), this::lakehouse, "value");
			case "semanticModels" -> page(path, q, ofType(items, "SemanticModel"), this::item, "value");
			default -> Answer.fabricError(404, "EntityNotFound", "No such API: " + path);
			};
		}
		Optional<It> item = items.stream().filter(i -> i.id().equals(s[4])).findFirst();
		if ("lakehouses".equals(kind) && s.length == 6 && "tables".equals(s[5]) && "GET".equals(method)) {
			if (item.isEmpty() || !"Lakehouse".equals(item.get().type())) {
				return Answer.fabricError(404, "ItemNotFound", "The requested item was not found");
			}
			return tables(path, q, item.get());
		}
		if ("semanticModels".equals(kind) && s.length == 6 && "getDefinition".equals(s[5])
				&& "POST".equals(method)) {
			if (item.isEmpty() || !"SemanticModel".equals(item.get().type())) {
				return Answer.fabricError(404, "ItemNotFound", "The requested item was not found");
			}
			return operations.start(definition(item.get()), operationsBase());
		}
		return Answer.fabricError(404, "EntityNotFound", "No such API: " + method + " " + path);
	}

	private static List<It> ofType(List<It> items, String type) {
		return items.stream().filter(i -> type.equals(i.type())).toList();
	}

	private Answer tables(String path, Query q, It item) {
		if (item.schemaEnabled()) {
			return schemaTables == SchemaTables.NOT_FOUND
					? Answer.fabricError(404, "EntityNotFound", "Tables are not supported for this lakehouse")
					: Answer.fabricError(400, "UnsupportedOperationForSchemasEnabledLakehouse",
							"The operation is not supported for a lakehouse with schemas enabled");
		}
		int max = q.number("maxResults", 100);
		if (max < 1 || max > 100) {
			return Answer.fabricError(400, "InvalidParameter", "maxResults must be between 1 and 100");
		}
		String wsId = item.workspaceId();
		Function<FolderTenant.Tbl, Map<String, Object>> row = t -> map("type", "Managed", "name", t.name(),
				"location", "abfss://" + wsId + "@onelake.dfs.fabric.microsoft.com/" + item.id() + "/Tables/" + t.name(),
				"format", t.format());
		return page(path, q, tenant.tables(item), row, "data", Math.min(max, pageSize));
	}

	private Map<String, Object> item(It i) {
		return map("id", i.id(), "displayName", i.name(), "description", "", "type", i.type(), "workspaceId",
				i.workspaceId());
	}

	private Map<String, Object> lakehouse(It i) {
		Map<String, Object> m = item(i);
		Map<String, Object> props = map("oneLakeTablesPath", dfsBase + "/" + i.workspaceId() + "/" + i.id() + "/Tables",
				"oneLakeFilesPath", dfsBase + "/" + i.workspaceId() + "/" + i.id() + "/Files",
				"sqlEndpointProperties", map("provisioningStatus", "Success"));
		if (i.schemaEnabled()) {
			props.put("defaultSchema", "dbo");
		}
		m.put("properties", props);
		return m;
	}

	/** The model's files as definition parts (base64), or a small model.bim when the folder has none. */
	private static Map<String, Object> definition(It model) {
		List<Map<String, Object>> parts = new ArrayList<>();
		try (Stream<Path> files = Files.walk(model.dir())) {
			for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
				parts.add(map("path", model.dir().relativize(f).toString().replace('\\', '/'), "payload",
						Base64.getEncoder().encodeToString(Files.readAllBytes(f)), "payloadType", "InlineBase64"));
			}
		} catch (IOException e) {
			throw new UncheckedIOException(e);
		}
		if (parts.isEmpty()) {
			String bim = "{\"name\":\"" + model.name() + "\",\"compatibilityLevel\":1604,\"model\":{\"tables\":[]}}";
			parts.add(map("path", "model.bim", "payload", Base64.getEncoder().encodeToString(bim.getBytes()),
					"payloadType", "InlineBase64"));
		}
		return map("definition", map("parts", parts));
	}

	private <T> Answer page(String path, Query q, List<T> all, Function<T, Map<String, Object>> row, String key) {
		return page(path, q, all, row, key, pageSize);
	}

	private <T> Answer page(String path, Query q, List<T> all, Function<T, Map<String, Object>> row, String key,
			int size) {
		Page<T> p;
		try {
			p = Page.of(all, q.get("continuationToken"), size);
		} catch (IllegalArgumentException e) {
			return Answer.fabricError(400, "InvalidContinuationToken", "The continuation token is not valid");
		}
		Map<String, Object> body = new LinkedHashMap<>();
		body.put(key, p.rows().stream().map(row).toList());
		if (p.next() != null) {
			body.put("continuationToken", p.next());
			String type = q.get("type");
			body.put("continuationUri", base + path + "?continuationToken=" + p.next()
					+ (type == null ? "" : "&type=" + type)
					+ (q.get("maxResults") == null ? "" : "&maxResults=" + q.get("maxResults")));
		}
		return Answer.json(200, body);
	}

	static Map<String, Object> map(Object... kv) {
		Map<String, Object> m = new LinkedHashMap<>();
		for (int i = 0; i < kv.length; i += 2) {
			m.put((String) kv[i], kv[i + 1]);
		}
		return m;
	}
}
