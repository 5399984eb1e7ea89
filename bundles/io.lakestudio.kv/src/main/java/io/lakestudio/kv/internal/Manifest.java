package io.lakestudio.kv.internal;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One version of the store's manifest, an immutable value: the writer epoch, the last sequence number whose batch
 * is in an SST (the WAL after it is replayed on open), each subspace's tree (L0 SSTs newest first, then sorted runs
 * newest first, each run a list of SSTs in key order with disjoint ranges), and the checkpoints. Version n lives at
 * {@code manifest/<n, 20 digits>}, written if-absent: of two writers racing for n, one wins.
 */
public record Manifest(long version, int layout, long epoch, long walFlushed, long nextSeq, Map<String, Tree> trees,
		List<Checkpoint> checkpoints) {

	public static final int LAYOUT = 1;
	private static final long MAGIC = 0x4c4b4d414e303031L; // "LKMAN001"

	/** A subspace's tree. */
	public record Tree(List<SstInfo> l0, List<List<SstInfo>> runs) {
		public static final Tree EMPTY = new Tree(List.of(), List.of());

		public List<SstInfo> all() {
			List<SstInfo> out = new ArrayList<>(l0);
			runs.forEach(out::addAll);
			return out;
		}
	}

	/** A named cut: the manifest version it pins (its SSTs are kept) until it expires (0: never). */
	public record Checkpoint(String id, long manifestVersion, long expiresAtMillis) {
		public boolean live(long nowMillis) {
			return expiresAtMillis == 0 || nowMillis < expiresAtMillis;
		}
	}

	public static Manifest empty() {
		return new Manifest(0, LAYOUT, 0, 0, 1, Map.of(), List.of());
	}

	public static String path(long version) {
		return "manifest/" + String.format("%020d", version);
	}

	public Tree tree(String subspace) {
		return trees.getOrDefault(subspace, Tree.EMPTY);
	}

	public Manifest next(long epoch, long walFlushed, long nextSeq, Map<String, Tree> trees,
			List<Checkpoint> checkpoints) {
		return new Manifest(version + 1, LAYOUT, epoch, walFlushed, nextSeq,
				Collections.unmodifiableMap(new TreeMap<>(trees)), List.copyOf(checkpoints));
	}

	public Manifest withTrees(Map<String, Tree> t) {
		return next(epoch, walFlushed, nextSeq, t, checkpoints);
	}

	/** Every SST path this version references. */
	public Set<String> ssts() {
		Set<String> out = new LinkedHashSet<>();
		trees.values().forEach(t -> t.all().forEach(s -> out.add(s.path())));
		return out;
	}

	public byte[] encode() {
		Bytes.Out out = new Bytes.Out(512);
		out.fixed64(MAGIC).varint(layout).varint(version).varint(epoch).varint(walFlushed).varint(nextSeq);
		out.varint(trees.size());
		for (Map.Entry<String, Tree> e : trees.entrySet()) {
			out.string(e.getKey());
			list(out, e.getValue().l0());
			out.varint(e.getValue().runs().size());
			for (List<SstInfo> run : e.getValue().runs())
				list(out, run);
		}
		out.varint(checkpoints.size());
		for (Checkpoint c : checkpoints)
			out.string(c.id()).varint(c.manifestVersion()).varint(c.expiresAtMillis());
		int crc = Bytes.crc(out.buffer(), 0, out.size());
		out.fixed64(crc & 0xffffffffL);
		return out.toByteArray();
	}

	private static void list(Bytes.Out out, List<SstInfo> ssts) {
		out.varint(ssts.size());
		ssts.forEach(s -> s.write(out));
	}

	/** Decodes a manifest; a newer layout than this build knows is refused, not misread. */
	public static Manifest decode(byte[] b) {
		if (b.length < 16 || Bytes.crc(b, 0, b.length - 8) != (int) new Bytes.In(b, b.length - 8, b.length).fixed64())
			throw new IllegalStateException("damaged manifest (checksum)");
		Bytes.In in = new Bytes.In(b, 0, b.length - 8);
		if (in.fixed64() != MAGIC)
			throw new IllegalStateException("not a manifest");
		int layout = (int) in.varint();
		if (layout > LAYOUT)
			throw new UnsupportedLayout(layout);
		long version = in.varint();
		long epoch = in.varint();
		long flushed = in.varint();
		long nextSeq = in.varint();
		Map<String, Tree> trees = new TreeMap<>();
		for (long i = in.varint(); i > 0; i--) {
			String name = in.string();
			List<SstInfo> l0 = list(in);
			List<List<SstInfo>> runs = new ArrayList<>();
			for (long r = in.varint(); r > 0; r--)
				runs.add(list(in));
			trees.put(name, new Tree(l0, List.copyOf(runs)));
		}
		List<Checkpoint> cps = new ArrayList<>();
		for (long i = in.varint(); i > 0; i--)
			cps.add(new Checkpoint(in.string(), in.varint(), in.varint()));
		return new Manifest(version, layout, epoch, flushed, nextSeq, Collections.unmodifiableMap(trees),
				List.copyOf(cps));
	}

	private static List<SstInfo> list(Bytes.In in) {
		List<SstInfo> out = new ArrayList<>();
		for (long i = in.varint(); i > 0; i--)
			out.add(SstInfo.read(in));
		return List.copyOf(out);
	}

	/** A store written at a layout this build does not know. */
	public static final class UnsupportedLayout extends IllegalStateException {
		private static final long serialVersionUID = 1L;

		public UnsupportedLayout(int layout) {
			super("the store's layout version " + layout + " is newer than this build's " + LAYOUT);
		}
	}
}
