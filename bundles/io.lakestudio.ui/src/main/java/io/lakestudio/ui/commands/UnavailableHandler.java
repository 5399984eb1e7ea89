package io.lakestudio.ui.commands;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;

/**
 * Sign In, Sign Out, Switch Account: OneLake sign-in (azure-identity, the token cache) is not in this build, so
 * the commands are shown, disabled, with the reason in their tooltip, rather than doing nothing when pressed.
 */
public final class UnavailableHandler extends AbstractHandler {

	public static final String SIGN_IN = "io.lakestudio.ui.commands.signIn";
	public static final String SIGN_OUT = "io.lakestudio.ui.commands.signOut";
	public static final String SWITCH_ACCOUNT = "io.lakestudio.ui.commands.switchAccount";
	public static final String NO_SIGN_IN = "Not available yet: OneLake sign-in is not in this build."
			+ " The workbench reads the local lake folder set in Preferences > Lakestudio.";

	public UnavailableHandler() {
		setBaseEnabled(false);
	}

	@Override
	public Object execute(ExecutionEvent event) {
		return null;
	}
}
