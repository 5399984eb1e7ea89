package io.lakestudio.ui.ducklake;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.lakestudio.ducklake.AttachOptions;
import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.DuckLakeCatalog;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.fdl.FdlException;
import io.lakestudio.fdl.Layout;
import io.lakestudio.fdl.Reader;
import io.lakestudio.fdl.Repository;
import io.lakestudio.fdl.Request;
import io.lakestudio.fdl.Signing;
import io.lakestudio.fdl.Trust;
import io.lakestudio.fdl.VersionRecord;
import io.lakestudio.store.FolderStore;
import io.lakestudio.store.ObjectInfo;
import io.lakestudio.store.StoreException;
import io.lakestudio.ui.ducklake.DuckLakeNode.Kind;

/**
 * An FDL repository kept as {@code ducklake:fdl:<folder>[@ref]}, as the {@code fdl} commands read it: its branches,
 * tags, open requests, and the versions on its branches (first parents, newest first) with author, time, message
 * and whether the signature is by a trusted key (the state folder's trusted keys and the user's own, as the
 * commands trust). A version opens as its verified catalog, read-only, to list its tables.
 */
final class FdlFacts {

	static final String PREFIX = "ducklake:fdl:";

	private final Path home;

	FdlFacts(Path home) {
		this.home = home;
	}

	static boolean fdl(String url) {
		return url.startsWith(PREFIX);
	}

	static List<DuckLakeNode> folders(String catalog) {
		return List.of(new DuckLakeNode(Kind.VERSIONS, List.of(catalog, "#versions"), "Versions", "", 0),
				new DuckLakeNode(Kind.BRANCHES, List.of(catalog, "#branches"), "Branches", "", 0),
				new DuckLakeNode(Kind.TAGS, List.of(catalog, "#tags"), "Tags", "", 0),
				new DuckLakeNode(Kind.REQUESTS, List.of(catalog, "#requests"), "Open requests", "", 0));
	}

	List<DuckLakeNode> children(DuckLakeNode node, String url) {
		try {
			Repository repo = repository(url);
			return switch (node.kind()) {
			case BRANCHES -> refs(node, repo, Layout.HEADS, Kind.BRANCH);
			case TAGS -> refs(node, repo, Layout.TAGS, Kind.TAG);
			case REQUESTS -> requests(node, repo);
			case VERSIONS -> versions(node, repo);
			case VERSION -> tables(node, repo);
			default -> List.of();
			};
		} catch (FdlException | StoreException | IOException | DuckLakeException | RuntimeException e) {
			return List.of(DuckLakeTree.message(node, e.getMessage()));
		}
	}

	/** The repository a kept {@code ducklake:fdl:} URL names (a folder: a host's repository is read by the commands). */
	static Repository repository(String url) throws StoreException {
		String rest = url.substring(PREFIX.length());
		int at = rest.lastIndexOf('@');
		String location = at < 0 ? rest : rest.substring(0, at);
		if (location.contains("://")) {
			throw new IllegalStateException("a repository on a host: see lakestudio fdl log " + location);
		}
		Path folder = Path.of(location).toAbsolutePath().normalize();
		return new Repository(new FolderStore(folder), folder + "/");
	}

	private static List<DuckLakeNode> refs(DuckLakeNode parent, Repository repo, String prefix, Kind kind)
			throws FdlException, StoreException {
		List<DuckLakeNode> out = new ArrayList<>();
		for (ObjectInfo i : repo.store().list(prefix)) {
			String name = i.path().substring(prefix.length());
			var ref = repo.ref(i.path());
			if (ref.isPresent()) {
				out.add(child(parent, kind, name, "\u2192 " + shortId(ref.get().value().version())));
			}
		}
		out.sort(Comparator.comparing(DuckLakeNode::name));
		return out;
	}

	private static List<DuckLakeNode> requests(DuckLakeNode parent, Repository repo)
			throws FdlException, StoreException {
		List<DuckLakeNode> out = new ArrayList<>();
		for (ObjectInfo i : repo.store().list(Layout.REQUESTS)) {
			String num = i.path().substring(Layout.REQUESTS.length());
			if (!num.matches("[1-9][0-9]*")) {
				continue;
			}
			Request r = new io.lakestudio.fdl.Refs(repo).request(Long.parseLong(num)).value();
			if (r.state() == Request.State.OPEN) {
				out.add(child(parent, Kind.REQUEST, "#" + num, shortId(r.version()) + " for " + r.forBranch() + " by "
						+ r.by() + (r.message().isEmpty() ? "" : " \u00b7 \"" + r.message() + "\"")));
			}
		}
		return out;
	}

	/** The versions on every branch, first parents back from each head, each once, newest first. */
	private List<DuckLakeNode> versions(DuckLakeNode parent, Repository repo)
			throws FdlException, StoreException, IOException {
		Trust trust = trust(home);
		Map<String, VersionRecord> seen = new HashMap<>();
		for (ObjectInfo i : repo.store().list(Layout.HEADS)) {
			String id = repo.ref(i.path()).map(r -> r.value().version()).orElse(null);
			while (id != null && !seen.containsKey(id)) {
				VersionRecord v = repo.record(id, null);
				seen.put(id, v);
				id = v.parents().isEmpty() ? null : v.parents().get(0);
			}
		}
		List<Map.Entry<String, VersionRecord>> all = new ArrayList<>(seen.entrySet());
		all.sort(Comparator.comparing((Map.Entry<String, VersionRecord> e) -> e.getValue().created()).reversed());
		List<DuckLakeNode> out = new ArrayList<>();
		for (var e : all) {
			VersionRecord v = e.getValue();
			List<String> p = new ArrayList<>(parent.path());
			p.add(e.getKey());
			out.add(new DuckLakeNode(Kind.VERSION, p, shortId(e.getKey()), v.createdText() + " \u00b7 " + v.authorName()
					+ " \u00b7 " + (trust.trusts(v.authorKey()) ? "verified" : "untrusted key") + " \u00b7 \""
					+ v.message() + "\"", v.snapshot()));
		}
		return out;
	}

	/** A version's tables, read-only, from its catalog as FDL's reader verifies and caches it. */
	private List<DuckLakeNode> tables(DuckLakeNode version, Repository repo)
			throws FdlException, IOException, DuckLakeException {
		String id = version.path().get(version.path().size() - 1);
		Reader.Opened v = new Reader(repo, trust(home), home.resolve("fdl").resolve("catalogs")).open(id, false);
		List<DuckLakeNode> out = new ArrayList<>();
		try (DuckLakeCatalog c = DuckLakeCatalog.open("ducklake:sqlite:" + v.catalogFile(),
				AttachOptions.defaults().withReadOnly(true).withDataPath(v.dataRoot()))) {
			CatalogAt at = c.store().at(c.current());
			List<TableEntry> tables = new ArrayList<>(at.tables());
			tables.sort(Comparator.comparing(TableEntry::name));
			for (TableEntry t : tables) {
				String schema = at.schemaOf(t).map(s -> s.name()).orElse("main");
				List<String> cols = at.columns(t.id()).stream().map(x -> x.name()).toList();
				out.add(child(version, Kind.VERSION_TABLE, schema + "." + t.name(), "(read-only) "
						+ String.join(", ", cols)));
			}
		}
		return out;
	}

	/** As the fdl commands trust: the state folder's trusted keys and the user's own key. */
	static Trust trust(Path home) throws IOException {
		Path fdl = home.resolve("fdl");
		Trust t = Trust.load(fdl.resolve("trusted-keys"));
		return Files.exists(fdl.resolve("keys/ed25519.pub"))
				? t.and(Signing.inFolder(fdl.resolve("keys")).publicKey(), "me") : t;
	}

	static String shortId(String id) {
		return id.length() > 12 ? id.substring(0, 12).toLowerCase(Locale.ROOT) : id;
	}

	private static DuckLakeNode child(DuckLakeNode parent, Kind kind, String name, String detail) {
		List<String> p = new ArrayList<>(parent.path());
		p.add(name);
		return new DuckLakeNode(kind, p, name, detail, 0);
	}
}
