package io.lakestudio.ui.workbench;

import org.eclipse.ui.IFolderLayout;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IPerspectiveFactory;

import io.lakestudio.ui.tree.OneLakeView;

/**
 * The Lakestudio perspective: the OneLake view on the left, the SQL editors in the middle, results and the
 * console below. The workbench product opens it first (plugin_customization.ini); in a stock IDE it is under
 * Window &gt; Perspective.
 */
public final class LakestudioPerspective implements IPerspectiveFactory {

	public static final String ID = "io.lakestudio.ui.perspective";

	@Override
	public void createInitialLayout(IPageLayout layout) {
		String editors = layout.getEditorArea();
		layout.addView(OneLakeView.ID, IPageLayout.LEFT, 0.3f, editors);
		IFolderLayout bottom = layout.createFolder("io.lakestudio.ui.perspective.bottom", IPageLayout.BOTTOM, 0.7f,
				editors);
		bottom.addView("io.lakestudio.ui.views.results");
		bottom.addPlaceholder("org.eclipse.ui.console.ConsoleView");
		layout.addShowViewShortcut(OneLakeView.ID);
		layout.addShowViewShortcut("io.lakestudio.ui.views.results");
	}
}
