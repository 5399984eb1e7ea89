package io.lakestudio.ui.tree;

import java.time.Clock;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;

import org.eclipse.jface.preference.JFacePreferences;
import org.eclipse.jface.resource.ImageDescriptor;
import org.eclipse.jface.resource.JFaceResources;
import org.eclipse.jface.resource.LocalResourceManager;
import org.eclipse.jface.resource.ResourceLocator;
import org.eclipse.jface.resource.ResourceManager;
import org.eclipse.jface.viewers.DecorationOverlayIcon;
import org.eclipse.jface.viewers.DelegatingStyledCellLabelProvider.IStyledLabelProvider;
import org.eclipse.jface.viewers.IDecoration;
import org.eclipse.jface.viewers.IToolTipProvider;
import org.eclipse.jface.viewers.LabelProvider;
import org.eclipse.jface.viewers.StyledString;
import org.eclipse.jface.viewers.StyledString.Styler;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.TextStyle;
import org.eclipse.ui.ISharedImages;
import org.eclipse.ui.PlatformUI;

import io.lakestudio.catalog.LakeTable;
import io.lakestudio.catalog.SearchHit;
import io.lakestudio.catalog.SyncState;
import io.lakestudio.catalog.WarmState;
import io.lakestudio.ui.format.Ages;
import io.lakestudio.ui.format.Sizes;

/**
 * Labels, icons and tooltips of the OneLake tree. The state a node shows (dropped, refresh failed, counts) is read
 * from the catalog tree at label time, so refreshing one node is enough to redraw its state.
 */
public final class LakeLabelProvider extends LabelProvider implements IStyledLabelProvider, IToolTipProvider {

	static final String FAILED = " refresh failed";
	static final String DROPPED = " dropped";
	static final String IN_USE = " \u2713 in use";
	static final String WARMING = " in use";
	static final String OVER_LIMIT = " over keepUsedTablesGB";
	static final String OFFLINE = " offline";
	static final String PAUSED = " paused";
	static final String SIGN_IN = " sign in needed";

	private static final Styler STRIKE = new Styler() {
		@Override
		public void applyStyles(TextStyle style) {
			style.strikeout = true;
		}
	};
	private static final Styler ERROR = StyledString.createColorRegistryStyler(JFacePreferences.ERROR_COLOR, null);

	private final CatalogTree tree;
	private final Clock clock;
	private final ResourceManager images = new LocalResourceManager(JFaceResources.getResources());

	public LakeLabelProvider(CatalogTree tree, Clock clock) {
		this.tree = tree;
		this.clock = clock;
	}

	@Override
	public void dispose() {
		images.dispose();
		super.dispose();
	}

	@Override
	public String getText(Object element) {
		return getStyledText(element).getString();
	}

	@Override
	public StyledString getStyledText(Object element) {
		LakeNode node = (LakeNode) element;
		if (node instanceof LakeNode.Message) {
			return new StyledString(node.name(), StyledString.QUALIFIER_STYLER);
		}
		StyledString s = new StyledString(node.name(), node.dropped() ? STRIKE : null);
		int count = tree.count(node instanceof LakeNode.Hit h ? h.target() : node);
		if (count >= 0) {
			s.append(" " + count, StyledString.COUNTER_STYLER);
		}
		String detail = detail(node);
		if (!detail.isEmpty()) {
			s.append(" " + detail, StyledString.DECORATIONS_STYLER);
		}
		if (node.dropped()) {
			s.append(DROPPED, StyledString.QUALIFIER_STYLER);
		}
		if (failure(node).isPresent()) {
			s.append(FAILED, ERROR);
		}
		switch (mark(node)) {
		case IN_USE -> s.append(IN_USE, StyledString.DECORATIONS_STYLER);
		case WARMING -> s.append(WARMING, StyledString.DECORATIONS_STYLER);
		case OVER_LIMIT -> s.append(OVER_LIMIT, StyledString.QUALIFIER_STYLER);
		case OFFLINE -> s.append(OFFLINE, StyledString.QUALIFIER_STYLER);
		case PAUSED -> s.append(PAUSED, StyledString.QUALIFIER_STYLER);
		case SIGN_IN -> s.append(SIGN_IN, ERROR);
		case NONE -> {
		}
		}
		return s;
	}

	/** The one state mark a node carries beside its failure: tables in use and the offline account. */
	enum Mark {
		NONE(null), IN_USE("icons/ovr_in_use.png"), WARMING("icons/ovr_warming.png"),
		OVER_LIMIT("icons/ovr_over_limit.png"), OFFLINE("icons/ovr_offline.png"), PAUSED("icons/ovr_over_limit.png"),
		SIGN_IN("icons/ovr_offline.png");

		final String overlay;

		Mark(String overlay) {
			this.overlay = overlay;
		}
	}

	Mark mark(LakeNode node) {
		if (node instanceof LakeNode.Account) {
			CatalogTree.LakeState lake = tree.lakeState();
			return lake.offlineSetting() || lake.offline() ? Mark.OFFLINE
					: lake.signInNeeded() ? Mark.SIGN_IN : lake.pausedUntil() != null ? Mark.PAUSED : Mark.NONE;
		}
		if (!(node instanceof LakeNode.Table t) || node.dropped()) {
			return Mark.NONE;
		}
		Optional<WarmState> warm = tree.warmState(t.table().id());
		if (warm.isPresent() && warm.get().overLimit()) {
			return Mark.OVER_LIMIT;
		}
		if (!tree.inUse(t.table().id())) {
			return Mark.NONE;
		}
		return warm.filter(w -> w.complete() && current(w, t.table())).isPresent() ? Mark.IN_USE : Mark.WARMING;
	}

	/** Complete counts only at the snapshot the catalog holds now: a newer version is read again. */
	private static boolean current(WarmState w, LakeTable t) {
		return t.snapshotVersion() == null || t.snapshotVersion() == w.snapshot();
	}

	private static String detail(LakeNode node) {
		return switch (node) {
		case LakeNode.ItemNode i -> "Lakehouse".equals(i.item().type()) ? "" : "(" + i.item().type() + ")";
		case LakeNode.Table t -> tableDetail(t.table());
		case LakeNode.Column c -> ": " + c.column().type() + (c.column().partition() ? " (partition)" : "");
		case LakeNode.FileNode f -> Sizes.of(f.file().size());
		case LakeNode.DuckLake d -> d.node().detail();
		case LakeNode.Hit h -> (h.hit().kind() == SearchHit.Kind.COLUMN ? "" : detail(h.target()) + " ")
				.stripLeading() + h.hit().kind().name().toLowerCase(Locale.ROOT);
		default -> "";
		};
	}

	private static String tableDetail(LakeTable t) {
		String format = LakeTable.DELTA.equals(t.format()) || t.format() == null ? "" : t.format() + " ";
		if (t.snapshotVersion() == null) {
			return format.trim();
		}
		return format + "v" + t.snapshotVersion() + (t.sizeBytes() == null ? "" : " \u00b7 " + Sizes.of(t.sizeBytes()));
	}

	private Optional<SyncState> failure(LakeNode node) {
		return tree.state(node.listing()).filter(SyncState::failing);
	}

	@Override
	public Image getImage(Object element) {
		LakeNode node = (LakeNode) element;
		Image base = baseImage(node);
		Mark mark = failure(node).isPresent() ? Mark.NONE : mark(node);
		if (mark == Mark.NONE) {
			return base;
		}
		ImageDescriptor overlay = ResourceLocator.imageDescriptorFromBundle(getClass(), mark.overlay).orElse(null);
		return overlay == null ? base
				: images.create(new DecorationOverlayIcon(base, overlay, IDecoration.BOTTOM_RIGHT));
	}

	private Image baseImage(LakeNode node) {
		ISharedImages shared = PlatformUI.getWorkbench().getSharedImages();
		if (failure(node).isPresent()) {
			return shared.getImage(ISharedImages.IMG_OBJS_ERROR_TSK);
		}
		return shared.getImage(switch (node) {
		case LakeNode.Message m -> ISharedImages.IMG_OBJS_INFO_TSK;
		case LakeNode.Account a -> ISharedImages.IMG_OBJ_PROJECT;
		case LakeNode.WorkspaceNode w -> ISharedImages.IMG_OBJ_PROJECT;
		case LakeNode.Folder f -> ISharedImages.IMG_OBJ_FOLDER;
		case LakeNode.Kind k -> ISharedImages.IMG_OBJ_FOLDER;
		case LakeNode.FileNode f -> ISharedImages.IMG_OBJ_FILE;
		case LakeNode.Column c -> ISharedImages.IMG_OBJ_ELEMENT;
		case LakeNode.DuckLake d -> switch (d.node().kind()) {
			case CATALOG -> ISharedImages.IMG_OBJ_PROJECT;
			case SCHEMA, SNAPSHOTS, CHECKPOINTS, CENSUS, VERSIONS, BRANCHES, TAGS, REQUESTS, VERSION ->
				ISharedImages.IMG_OBJ_FOLDER;
			case COLUMN -> ISharedImages.IMG_OBJ_ELEMENT;
			case MESSAGE -> ISharedImages.IMG_OBJS_INFO_TSK;
			default -> ISharedImages.IMG_OBJ_FILE;
			};
		default -> ISharedImages.IMG_OBJ_FILE;
		});
	}

	/** Every tooltip says when the node was last read; a failed refresh adds its message and time. */
	@Override
	public String getToolTipText(Object element) {
		LakeNode node = (LakeNode) element;
		if (node instanceof LakeNode.Message) {
			return node.name();
		}
		Instant now = clock.instant();
		Optional<SyncState> state = tree.state(node.listing());
		StringBuilder tip = new StringBuilder(node.name());
		Instant read = node.lastRead() != null ? node.lastRead() : state.map(SyncState::lastSuccess).orElse(null);
		tip.append("\nLast read: ").append(Ages.when(read, now));
		state.filter(st -> node.lastRead() != null && st.lastSuccess() != null)
				.ifPresent(st -> tip.append("\nContents last listed: ").append(Ages.when(st.lastSuccess(), now)));
		if (node.dropped()) {
			tip.append("\nDropped: no longer in the lake's listing");
		}
		state.filter(SyncState::failing).ifPresent(st -> tip.append("\nRefresh failed at ")
				.append(Ages.when(st.lastFailure(), now)).append(": ").append(st.failureMessage()));
		markTip(node, tip, now);
		return tip.toString();
	}

	private void markTip(LakeNode node, StringBuilder tip, Instant now) {
		Optional<WarmState> warm = node instanceof LakeNode.Table t ? tree.warmState(t.table().id()) : Optional.empty();
		switch (mark(node)) {
		case IN_USE -> tip.append("\nIn use: complete at snapshot ").append(warm.get().snapshot())
				.append(" (every column read ").append(Ages.when(warm.get().at(), now)).append(")");
		case WARMING -> tip.append("\nIn use: ").append(warm.map(w -> "warm read at snapshot " + w.snapshot() + ", "
				+ w.columnsDone() + " columns so far (" + Ages.when(w.at(), now) + ")").orElse("not warm-read yet"));
		case OVER_LIMIT -> tip.append("\nOver keepUsedTablesGB: too big to keep warm; read from the lake when asked");
		case OFFLINE -> tip.append(tree.lakeState().offlineSetting()
				? "\nOffline (setting): nothing is asked of the lake; the tree shows what the catalog holds"
				: "\nOffline: the lake can't be reached; nothing is asked until a probe gets through, and the tree"
						+ " shows what the catalog holds");
		case PAUSED -> tip.append("\nPaused: OneLake asked for a pause until ").append(tree.lakeState().pausedUntil())
				.append("; nothing is asked until then");
		case SIGN_IN -> tip.append("\nSign in needed: the account's token can't be renewed silently (Sign In)");
		case NONE -> {
		}
		}
	}
}
