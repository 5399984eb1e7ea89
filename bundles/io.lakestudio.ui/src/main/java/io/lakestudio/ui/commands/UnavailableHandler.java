package io.lakestudio.ui.commands;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;

/**
 * Sign In, Sign Out, Switch Account: sign-in exists on the command line ({@code lakestudio login}) but is not wired
 * into the workbench yet, so the commands are shown, disabled, with the reason in their tooltip, rather than doing
 * nothing when pressed.
 */
public final class UnavailableHandler extends AbstractHandler {

	public static final String SIGN_IN = "io.lakestudio.ui.commands.signIn";
	public static final String SIGN_OUT = "io.lakestudio.ui.commands.signOut";
	public static final String SWITCH_ACCOUNT = "io.lakestudio.ui.commands.switchAccount";
	public static final String NO_SIGN_IN = "Not in the workbench yet: sign in with 'lakestudio login' on the command"
			+ " line; the tree then shows that account's catalog, which 'lakestudio sync' fills.";

	public UnavailableHandler() {
		setBaseEnabled(false);
	}

	@Override
	public Object execute(ExecutionEvent event) {
		return null;
	}
}
