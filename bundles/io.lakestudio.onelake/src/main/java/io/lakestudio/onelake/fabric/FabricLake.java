package io.lakestudio.onelake.fabric;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.JsonNode;

import io.lakestudio.catalog.Item;
import io.lakestudio.catalog.LakeFile;
import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.TableMetadata;
import io.lakestudio.catalog.Workspace;
import io.lakestudio.onelake.Lake;
import io.lakestudio.onelake.LakeException;
import io.lakestudio.onelake.LakeException.Kind;
import io.lakestudio.onelake.LakeStore;
import io.lakestudio.onelake.auth.TokenSource;
import io.lakestudio.onelake.auth.Trust;

/**
 * OneLake as a {@link Lake}: listings from Fabric REST (every page, or a failure; never half a listing), tables
 * from Fabric's tables API where it answers and from the item's {@code Tables/} folder over DFS where it doesn't
 * (schema-enabled lakehouses, warehouses, mirrored databases), bytes over DFS (azure-storage-file-datalake).
 */
public final class FabricLake implements Lake {

	/** Reads a table's metadata through the store; the mirror's Delta Kernel reader plugs in here. */
	public interface MetadataReader {
		TableMetadata read(LakeStore store, LakeTable table) throws LakeException;
	}

	private static final Pattern STAGING = Pattern.compile("(?i).*staging(lakehouse|warehouse).*");

	private final Endpoints endpoints;
	private final Http http;
	private final DfsStore store;
	private final MetadataReader metadata;

	public FabricLake(Endpoints endpoints, TokenSource tokens, Consumer<String> log, Clock clock,
			MetadataReader metadata) {
		this.endpoints = endpoints;
		HttpClient.Builder client = HttpClient.newBuilder().connectTimeout(endpoints.connectTimeout())
				.followRedirects(HttpClient.Redirect.NEVER);
		if (endpoints.ca() != null) {
			client.sslContext(Trust.with(endpoints.ca()));
		}
		this.http = new Http(client.build(), tokens, endpoints, log, clock);
		this.store = new DfsStore(endpoints, tokens, log, clock);
		this.metadata = metadata;
	}

	public FabricLake(Endpoints endpoints, TokenSource tokens, Consumer<String> log, Clock clock) {
		this(endpoints, tokens, log, clock, new DeltaLogReader());
	}

	@Override
	public String describe() {
		return "OneLake at " + endpoints.fabric() + " (DFS " + endpoints.dfs() + ")";
	}

	@Override
	public List<Workspace> workspaces() throws LakeException {
		List<Workspace> out = new ArrayList<>();
		for (JsonNode n : pages("/v1/workspaces", "value")) {
			out.add(new Workspace(text(n, "id"), text(n, "displayName")));
		}
		return out;
	}

	@Override
	public List<Item> items(String workspaceId) throws LakeException {
		List<JsonNode> rows = pages("/v1/workspaces/" + workspaceId + "/items", "value");
		Map<String, JsonNode> lakehouses = new HashMap<>();
		if (rows.stream().anyMatch(n -> "Lakehouse".equals(n.path("type").asText()))) {
			for (JsonNode l : pages("/v1/workspaces/" + workspaceId + "/lakehouses", "value")) {
				lakehouses.put(text(l, "id"), l.path("properties"));
			}
		}
		List<Item> out = new ArrayList<>();
		for (JsonNode n : rows) {
			String id = text(n, "id");
			String name = text(n, "displayName");
			String type = text(n, "type");
			JsonNode props = lakehouses.get(id);
			boolean schemas = props != null && props.hasNonNull("defaultSchema");
			String root = store.path(workspaceId, id);
			out.add(new Item(id, workspaceId, name, type, STAGING.matcher(name).matches(), schemas, root + "/Tables",
					root + "/Files"));
		}
		return out;
	}

	@Override
	public List<LakeTable> tables(Item item) throws LakeException {
		if ("Lakehouse".equals(item.type()) && !item.schemaEnabled()) {
			int[] pagesRead = new int[1];
			try {
				List<LakeTable> out = new ArrayList<>();
				for (JsonNode n : pages("/v1/workspaces/" + item.workspaceId() + "/lakehouses/" + item.id()
						+ "/tables?maxResults=100", "data", pagesRead)) {
					String format = n.path("format").asText(LakeTable.DELTA);
					out.add(new LakeTable(item.id(), "", text(n, "name"),
							"iceberg".equalsIgnoreCase(format) ? LakeTable.ICEBERG : LakeTable.DELTA,
							n.path("location").asText(item.tablesPath() + "/" + text(n, "name"))));
				}
				return out;
			} catch (LakeException e) {
				// only a refusal of the first page means "not supported"; later pages failing fail the listing
				if (pagesRead[0] > 0 || !notSupported(e)) {
					throw e;
				}
			}
		}
		return new TablesFolder(store).list(item);
	}

	/** The tables API refuses this item (schemas, or a kind it doesn't serve): list the folder instead. */
	private static boolean notSupported(LakeException e) {
		return e.kind() == Kind.NOT_FOUND || e.kind() == Kind.FAILED
				&& (e.getMessage().contains("Unsupported") || e.getMessage().contains(" 400 "));
	}

	@Override
	public List<LakeFile> files(Item item, String dir) throws LakeException {
		String base = item.filesPath();
		List<LakeFile> out = new ArrayList<>();
		for (LakeStore.Entry e : store.list(dir.isEmpty() ? base : base + "/" + dir, false)) {
			String name = e.path().substring(e.path().lastIndexOf('/') + 1);
			out.add(new LakeFile(item.id(), dir, name, e.directory(), e.size(), e.lastModified()));
		}
		return out;
	}

	@Override
	public TableMetadata tableMetadata(Item item, LakeTable table) throws LakeException {
		return metadata.read(store, table);
	}

	@Override
	public DfsStore store() {
		return store;
	}

	/** Semantic models' definitions (getDefinition). */
	public ModelDefinitions models() {
		return new ModelDefinitions(http, endpoints);
	}

	/** Every page of a Fabric list, following continuationToken on our own endpoint. */
	private List<JsonNode> pages(String path, String key) throws LakeException {
		return pages(path, key, new int[1]);
	}

	private List<JsonNode> pages(String path, String key, int[] pagesRead) throws LakeException {
		List<JsonNode> out = new ArrayList<>();
		String token = null;
		do {
			String sep = path.contains("?") ? "&" : "?";
			URI uri = URI.create(endpoints.fabric() + path
					+ (token == null ? "" : sep + "continuationToken=" + java.net.URLEncoder.encode(token,
							java.nio.charset.StandardCharsets.UTF_8)));
			JsonNode page = http.send("GET", uri, TokenSource.FABRIC_SCOPE, null).json();
			JsonNode rows = page == null ? null : page.get(key);
			if (rows == null || !rows.isArray()) {
				throw new LakeException(Kind.MALFORMED, "GET " + path + ": the answer has no '" + key + "' list");
			}
			rows.forEach(out::add);
			pagesRead[0]++;
			token = page.hasNonNull("continuationToken") ? page.get("continuationToken").asText() : null;
		} while (token != null && !token.isEmpty());
		return out;
	}

	static String text(JsonNode n, String field) throws LakeException {
		JsonNode v = n.get(field);
		if (v == null || !v.isTextual()) {
			throw new LakeException(Kind.MALFORMED, "A row without '" + field + "': " + n);
		}
		return v.asText();
	}
}
