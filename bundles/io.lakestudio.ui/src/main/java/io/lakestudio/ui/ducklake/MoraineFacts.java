package io.lakestudio.ui.ducklake;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import io.lakestudio.engine.DuckLakeAttachments.Attachment;
import io.lakestudio.moraine.CatalogOptions;
import io.lakestudio.moraine.CensusRequest;
import io.lakestudio.moraine.CheckpointInfo;
import io.lakestudio.moraine.ReadOnlyCatalog;
import io.lakestudio.moraine.StoreCensus;
import io.lakestudio.moraine.SubspaceCensus;
import io.lakestudio.store.FolderStore;
import io.lakestudio.ui.ducklake.DuckLakeNode.Kind;
import io.lakestudio.ui.format.Sizes;

/**
 * A moraine store's own facts for the tree, its checkpoints and its census, read as {@code lakestudio moraine
 * checkpoint list} and {@code census} read them: the store opened read-only, fencing no writer. A store on OneLake
 * would need the account's lake, which the tree never asks; it says so instead.
 */
final class MoraineFacts {

	static final String PREFIX = "ducklake:moraine:";

	private MoraineFacts() {
	}

	static boolean moraine(String url) {
		return url.startsWith(PREFIX);
	}

	static List<DuckLakeNode> checkpoints(DuckLakeNode parent, Attachment a) {
		List<DuckLakeNode> out = new ArrayList<>();
		try (ReadOnlyCatalog c = open(a)) {
			for (CheckpointInfo cp : c.checkpoints()) {
				out.add(child(parent, Kind.CHECKPOINT, cp.id(), "created " + cp.created() + ", expires "
						+ cp.expires().map(Object::toString).orElse("never")));
			}
		} catch (RuntimeException e) {
			return List.of(DuckLakeTree.message(parent, e.getMessage()));
		}
		return out;
	}

	static List<DuckLakeNode> census(DuckLakeNode parent, Attachment a) {
		List<DuckLakeNode> out = new ArrayList<>();
		try (ReadOnlyCatalog c = open(a)) {
			StoreCensus census = c.storeCensus(CensusRequest.defaults());
			for (SubspaceCensus s : census.subspaces()) {
				out.add(child(parent, Kind.SUBSPACE, s.segment(), s.ssts() + " SSTs, " + Sizes.of(s.sstBytes()) + ", "
						+ s.sortedRuns() + " sorted runs, " + s.l0Ssts() + " L0"));
			}
			out.add(child(parent, Kind.SUBSPACE, "(objects)", "manifest " + Sizes.of(census.objects().manifestBytes())
					+ ", WAL " + census.objects().walObjects() + " objects " + Sizes.of(census.objects().walBytes())
					+ ", unaccounted " + Sizes.of(census.unaccountedBytes())));
		} catch (RuntimeException e) {
			return List.of(DuckLakeTree.message(parent, e.getMessage()));
		}
		return out;
	}

	private static ReadOnlyCatalog open(Attachment a) {
		String location = a.url().substring(PREFIX.length());
		if (location.contains("://")) {
			throw new IllegalStateException("a store on OneLake: see lakestudio moraine census " + location);
		}
		CatalogOptions o = CatalogOptions.defaults();
		if (a.checkpoint() != null) {
			o = o.withCheckpoint(a.checkpoint());
		}
		try {
			return ReadOnlyCatalog.openReadOnly(new FolderStore(Path.of(location)), o);
		} catch (io.lakestudio.store.StoreException e) {
			throw new IllegalStateException(location + ": " + e.getMessage(), e);
		}
	}

	private static DuckLakeNode child(DuckLakeNode parent, Kind kind, String name, String detail) {
		List<String> p = new ArrayList<>(parent.path());
		p.add(name);
		return new DuckLakeNode(kind, p, name, detail, 0);
	}
}
