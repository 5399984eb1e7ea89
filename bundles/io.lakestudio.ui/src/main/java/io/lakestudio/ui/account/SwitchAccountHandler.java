package io.lakestudio.ui.account;

import java.nio.file.Path;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.jface.viewers.LabelProvider;
import org.eclipse.jface.window.Window;
import org.eclipse.ui.dialogs.ElementListSelectionDialog;
import org.eclipse.ui.handlers.HandlerUtil;

import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.Settings;

/** Switch Account: picks one of the accounts (each with its own catalog); the tree re-roots on it. */
public final class SwitchAccountHandler extends AbstractHandler {

	public static final String ID = "io.lakestudio.ui.commands.switchAccount";
	public static final String TITLE = "Switch OneLake Account";

	@Override
	public Object execute(ExecutionEvent event) {
		Path home = Catalogs.home();
		ElementListSelectionDialog dialog = new ElementListSelectionDialog(HandlerUtil.getActiveShell(event),
				new LabelProvider() {
					@Override
					public String getText(Object element) {
						return AccountSwitch.describe(home, (String) element);
					}
				});
		dialog.setTitle(TITLE);
		dialog.setMessage("Each account has its own catalog. The current one is " + Settings.load(home).account()
				+ ". Choose an account:");
		dialog.setElements(AccountSwitch.choices(home).toArray());
		dialog.setMultipleSelection(false);
		if (dialog.open() == Window.OK && dialog.getFirstResult() instanceof String account
				&& !account.equals(Settings.load(home).account())) {
			AccountSwitch.to(home, account);
		}
		return null;
	}
}
