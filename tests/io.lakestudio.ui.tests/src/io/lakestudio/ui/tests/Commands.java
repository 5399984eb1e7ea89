package io.lakestudio.ui.tests;

import java.util.function.Consumer;

import org.eclipse.core.commands.Command;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.commands.ICommandService;
import org.eclipse.ui.handlers.IHandlerService;

/** Runs workbench commands as a menu click does, and answers the dialogs they open. */
final class Commands {

	private Commands() {
	}

	static Object execute(String id) throws Exception {
		return PlatformUI.getWorkbench().getService(IHandlerService.class).executeCommand(id, null);
	}

	static Command command(String id) {
		return PlatformUI.getWorkbench().getService(ICommandService.class).getCommand(id);
	}

	/**
	 * Soon after, in the modal loop a command's dialog runs, hands the dialog's shell to {@code look} (for a
	 * screenshot or assertions) and presses the button labelled {@code button}.
	 */
	static void answerNextDialog(String button, Consumer<Shell> look) {
		Workbench.display().timerExec(500, new Runnable() {
			int tries;

			@Override
			public void run() {
				Shell shell = Workbench.display().getActiveShell();
				Button b = shell == null ? null : find(shell, button);
				if (b == null) {
					if (tries++ < 40) {
						Workbench.display().timerExec(250, this);
					}
					return;
				}
				look.accept(shell);
				b.notifyListeners(org.eclipse.swt.SWT.Selection, new org.eclipse.swt.widgets.Event());
			}
		});
	}

	private static Button find(Composite parent, String label) {
		for (Control c : parent.getChildren()) {
			if (c instanceof Button b && b.getText().replace("&", "").equals(label)) {
				return b;
			}
			if (c instanceof Composite comp) {
				Button found = find(comp, label);
				if (found != null) {
					return found;
				}
			}
		}
		return null;
	}
}
