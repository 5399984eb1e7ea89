package io.lakestudio.ui.ducklake;

import java.nio.file.Path;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.lakestudio.catalog.Settings;
import io.lakestudio.ducklake.CatalogAt;
import io.lakestudio.ducklake.ColumnEntry;
import io.lakestudio.ducklake.DuckLakeCatalog;
import io.lakestudio.ducklake.DuckLakeException;
import io.lakestudio.ducklake.SchemaEntry;
import io.lakestudio.ducklake.Snapshot;
import io.lakestudio.ducklake.TableEntry;
import io.lakestudio.ducklake.ViewEntry;
import io.lakestudio.engine.DuckLakeAttachments;
import io.lakestudio.engine.DuckLakeAttachments.Attachment;
import io.lakestudio.ui.ducklake.DuckLakeNode.Kind;

/**
 * The tree's side of the DuckLake catalogs kept attached ({@code lakestudio ducklake attach}): each read from its
 * catalog file at its latest snapshot, read-only, as the command line's {@code ls} reads it, with no engine (a
 * SQLite catalog needs sqlite-jdbc alone). An FDL repository ({@code ducklake:fdl:}) shows the tables of the
 * version it names and, from {@link FdlFacts}, its versions, branches, tags and open requests. What was read is
 * kept until {@link #forget()}.
 */
public final class DuckLakeTree {

	static final String SNAPSHOTS = "#snapshots";
	static final String CHECKPOINTS = "#checkpoints";
	static final String CENSUS = "#census";
	private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
			.withZone(ZoneId.systemDefault());

	private final Path home;
	private List<Attachment> kept;
	private final Map<String, Read> reads = new HashMap<>();
	private final FdlFacts fdl;

	/** One catalog as read: its state at the latest snapshot and every snapshot, or why it can't be read. */
	public record Read(Attachment attachment, CatalogAt at, List<Snapshot> snapshots, String error) {

		public String schemaName(TableEntry t) {
			return at.schemaOf(t).map(SchemaEntry::name).orElse("main");
		}
	}

	public DuckLakeTree(Path home) {
		this.home = home;
		this.fdl = new FdlFacts(home);
	}

	public Path home() {
		return home;
	}

	/** The kept attachments, from settings.json. */
	public List<Attachment> kept() {
		if (kept == null) {
			kept = DuckLakeAttachments.of(Settings.load(home));
		}
		return kept;
	}

	public Optional<Attachment> attachment(String name) {
		return kept().stream().filter(a -> a.name().equals(name)).findFirst();
	}

	public void forget() {
		kept = null;
		reads.clear();
	}

	public static boolean moraine(Attachment a) {
		return MoraineFacts.moraine(a.url());
	}

	public List<DuckLakeNode> roots() {
		List<DuckLakeNode> out = new ArrayList<>();
		for (Attachment a : kept()) {
			out.add(new DuckLakeNode(Kind.CATALOG, List.of(a.name()), a.name(), (moraine(a) ? "moraine "
					: FdlFacts.fdl(a.url()) ? "fdl " : "ducklake ")
					+ a.url() + (a.readOnly() ? " (read-only)" : ""), 0));
		}
		return out;
	}

	/** The catalog read once (until {@link #forget()}); a failure is kept as its message. */
	public Read read(String catalog) {
		return reads.computeIfAbsent(catalog, n -> {
			Attachment a = attachment(n).orElseThrow(() -> new IllegalArgumentException("no kept catalog " + n));
			try (DuckLakeCatalog c = DuckLakeAttachments.openReadOnly(home, a)) {
				Snapshot s = c.current();
				List<Snapshot> all = new ArrayList<>(c.store().snapshots());
				all.sort(Comparator.comparingLong(Snapshot::id).reversed());
				return new Read(a, c.store().at(s), all, null);
			} catch (DuckLakeException | RuntimeException e) {
				return new Read(a, null, List.of(), "cannot read " + a.url() + ": " + e.getMessage());
			}
		});
	}

	public List<DuckLakeNode> children(DuckLakeNode node) {
		Read r = read(node.catalog());
		if (r.error() != null) {
			return node.kind() == Kind.CATALOG ? List.of(message(node, r.error())) : List.of();
		}
		List<String> p = node.path();
		return switch (node.kind()) {
		case CATALOG -> catalogChildren(r);
		case SCHEMA -> schemaChildren(r, p.get(1));
		case TABLE -> r.at().table(p.get(1), p.get(2)).map(t -> columns(r, t, p)).orElse(List.of());
		case SNAPSHOTS -> r.snapshots().stream().map(s -> snapshot(node, s)).toList();
		case CHECKPOINTS -> MoraineFacts.checkpoints(node, r.attachment());
		case CENSUS -> MoraineFacts.census(node, r.attachment());
		case BRANCHES, TAGS, REQUESTS, VERSIONS, VERSION -> fdl.children(node, r.attachment().url());
		default -> List.of();
		};
	}

	/** What a node's label counts: a catalog's tables, a schema's tables and views, the snapshots; -1 for none. */
	public int count(DuckLakeNode node) {
		return switch (node.kind()) {
		case CATALOG, SCHEMA -> read(node.catalog()).error() != null ? -1 : tableCount(node);
		case SNAPSHOTS, CHECKPOINTS, BRANCHES, TAGS, REQUESTS, VERSIONS -> children(node).size();
		default -> -1;
		};
	}

	private int tableCount(DuckLakeNode node) {
		Read r = read(node.catalog());
		if (node.kind() == Kind.CATALOG) {
			return r.at().tables().size();
		}
		return (int) children(node).stream().filter(c -> c.kind() == Kind.TABLE || c.kind() == Kind.VIEW).count();
	}

	private List<DuckLakeNode> catalogChildren(Read r) {
		String cat = r.attachment().name();
		List<DuckLakeNode> out = new ArrayList<>();
		r.at().schemas().stream().sorted(Comparator.comparing(SchemaEntry::name))
				.forEach(s -> out.add(new DuckLakeNode(Kind.SCHEMA, List.of(cat, s.name()), s.name(), "", s.id())));
		Snapshot latest = r.at().snapshot();
		out.add(new DuckLakeNode(Kind.SNAPSHOTS, List.of(cat, SNAPSHOTS), "Snapshots",
				"latest " + latest.id() + " at " + TIME.format(latest.time()), 0));
		if (FdlFacts.fdl(r.attachment().url())) {
			out.addAll(FdlFacts.folders(cat));
		}
		if (moraine(r.attachment())) {
			out.add(new DuckLakeNode(Kind.CHECKPOINTS, List.of(cat, CHECKPOINTS), "Checkpoints", "", 0));
			out.add(new DuckLakeNode(Kind.CENSUS, List.of(cat, CENSUS), "Store census", "", 0));
		}
		return out;
	}

	private static List<DuckLakeNode> schemaChildren(Read r, String schema) {
		String cat = r.attachment().name();
		Optional<SchemaEntry> s = r.at().schema(schema);
		if (s.isEmpty()) {
			return List.of();
		}
		long id = s.get().id();
		List<DuckLakeNode> out = new ArrayList<>();
		r.at().tables().stream().filter(t -> t.schemaId() == id).sorted(Comparator.comparing(TableEntry::name))
				.forEach(t -> out.add(new DuckLakeNode(Kind.TABLE, List.of(cat, schema, t.name()), t.name(), "",
						t.id())));
		r.at().views().stream().filter(v -> v.schemaId() == id).sorted(Comparator.comparing(ViewEntry::name))
				.forEach(v -> out.add(new DuckLakeNode(Kind.VIEW, List.of(cat, schema, v.name()), v.name(), "view",
						v.id())));
		return out;
	}

	private static List<DuckLakeNode> columns(Read r, TableEntry t, List<String> p) {
		List<ColumnEntry> cols = new ArrayList<>(r.at().columns(t.id()));
		cols.sort(Comparator.comparingLong(ColumnEntry::order));
		return cols.stream().map(c -> new DuckLakeNode(Kind.COLUMN, List.of(p.get(0), p.get(1), p.get(2), c.name()),
				c.name(), ": " + c.type() + (c.nullsAllowed() ? "" : " not null"), c.id())).toList();
	}

	private static DuckLakeNode snapshot(DuckLakeNode parent, Snapshot s) {
		List<String> p = new ArrayList<>(parent.path());
		p.add(Long.toString(s.id()));
		return new DuckLakeNode(Kind.SNAPSHOT, p, Long.toString(s.id()), describe(s), s.id());
	}

	/** A snapshot in one line: time, author, message, changes (the parts it has). */
	public static String describe(Snapshot s) {
		StringBuilder b = new StringBuilder(TIME.format(s.time()));
		if (s.author() != null && !s.author().isEmpty()) {
			b.append(" \u00b7 ").append(s.author());
		}
		if (s.commitMessage() != null && !s.commitMessage().isEmpty()) {
			b.append(" \u00b7 \"").append(s.commitMessage()).append('"');
		}
		if (s.changesMade() != null && !s.changesMade().isEmpty()) {
			b.append(" \u00b7 ").append(s.changesMade());
		}
		return b.toString();
	}

	static DuckLakeNode message(DuckLakeNode parent, String text) {
		List<String> p = new ArrayList<>(parent.path());
		p.add("#message");
		return new DuckLakeNode(Kind.MESSAGE, p, text, "", 0);
	}
}
