package io.lakestudio.ui.account;

import java.io.IOException;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;

import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.Settings;
import io.lakestudio.sync.account.Accounts;

/** Sign Out of the current OneLake account: its sync job stops; the catalog is kept and the tree still shows it. */
public final class SignOutHandler extends AbstractHandler {

	public static final String ID = "io.lakestudio.ui.commands.signOut";

	@Override
	public Object execute(ExecutionEvent event) throws ExecutionException {
		try {
			AccountSwitch.signOut(Catalogs.home());
		} catch (IOException e) {
			throw new ExecutionException("Signed out, but the sign-in record could not be removed: " + e.getMessage(),
					e);
		}
		return null;
	}

	@Override
	public boolean isEnabled() {
		Settings s = Settings.load(Catalogs.home());
		return Accounts.isOneLake(s) && Accounts.signedIn(s);
	}
}
