package io.lakestudio.ui.account;

import org.eclipse.core.runtime.IStatus;
import org.eclipse.jface.dialogs.Dialog;
import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Font;
import org.eclipse.swt.graphics.FontData;
import org.eclipse.swt.program.Program;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Link;
import org.eclipse.swt.widgets.ProgressBar;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;

import io.lakestudio.identity.DeviceCode;

/**
 * Shows a device-code sign-in while its {@link SignInJob} waits: the sign-in page (a link), the code (selectable,
 * to copy), the authority's message and an indeterminate progress bar; Cancel cancels the job. Opened without
 * blocking; it closes itself when the job ends.
 */
public final class DeviceCodeDialog extends Dialog {

	public static final String TITLE = "Sign In to OneLake";

	private final SignInJob job;
	private Label intro;
	private Link page;
	private Text code;
	private Label message;
	private Font big;

	public DeviceCodeDialog(Shell parent, SignInJob job) {
		super(parent);
		this.job = job;
		setBlockOnOpen(false);
	}

	@Override
	protected void configureShell(Shell shell) {
		super.configureShell(shell);
		shell.setText(TITLE);
	}

	@Override
	protected Control createDialogArea(Composite parent) {
		Composite area = (Composite) super.createDialogArea(parent);
		GridLayoutFactory.swtDefaults().numColumns(1).spacing(8, 10).applyTo(area);
		intro = new Label(area, SWT.WRAP);
		intro.setText("Asking for a device code for account '" + job.account() + "'\u2026");
		GridDataFactory.fillDefaults().grab(true, false).hint(460, SWT.DEFAULT).applyTo(intro);
		page = new Link(area, SWT.NONE);
		page.addListener(SWT.Selection, e -> Program.launch(e.text));
		GridDataFactory.fillDefaults().grab(true, false).applyTo(page);
		code = new Text(area, SWT.READ_ONLY | SWT.SINGLE | SWT.CENTER);
		FontData fd = code.getFont().getFontData()[0];
		big = new Font(code.getDisplay(), fd.getName(), Math.round(fd.getHeight() * 1.8f), SWT.BOLD);
		code.setFont(big);
		GridDataFactory.fillDefaults().grab(true, false).applyTo(code);
		message = new Label(area, SWT.WRAP);
		GridDataFactory.fillDefaults().grab(true, false).hint(460, SWT.DEFAULT).applyTo(message);
		ProgressBar bar = new ProgressBar(area, SWT.INDETERMINATE | SWT.HORIZONTAL);
		GridDataFactory.fillDefaults().grab(true, false).applyTo(bar);
		return area;
	}

	@Override
	protected void createButtonsForButtonBar(Composite parent) {
		createButton(parent, IDialogConstants.CANCEL_ID, IDialogConstants.CANCEL_LABEL, true);
	}

	@Override
	protected void cancelPressed() {
		job.cancel();
		super.cancelPressed();
	}

	/** The code arrived (UI thread): what to open and what to type there. */
	public void show(DeviceCode c) {
		if (getShell() == null || getShell().isDisposed()) {
			return;
		}
		intro.setText("To sign in account '" + job.account() + "', open the page below in any browser and enter"
				+ " the code. This waits until you approve it there (the code expires at "
				+ c.expiresOn().toLocalTime().withNano(0) + ").");
		page.setText("<a href=\"" + c.verificationUrl() + "\">" + c.verificationUrl() + "</a>");
		code.setText(c.userCode());
		message.setText(c.message());
		getShell().layout(true, true);
		getShell().pack();
	}

	/** The code shown, or empty before it came. */
	public String code() {
		return code == null || code.isDisposed() ? "" : code.getText();
	}

	/** The job ended (UI thread): the dialog goes; a failure is reported by the job's status. */
	public void finished(IStatus status) {
		if (getShell() != null && !getShell().isDisposed()) {
			close();
		}
	}

	@Override
	public boolean close() {
		boolean closed = super.close();
		if (big != null) {
			big.dispose();
			big = null;
		}
		return closed;
	}
}
