package io.lakestudio.ui.ducklake;

import java.nio.file.Path;

import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.dialogs.TitleAreaDialog;
import org.eclipse.jface.layout.GridDataFactory;
import org.eclipse.jface.layout.GridLayoutFactory;
import org.eclipse.swt.SWT;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.swt.widgets.Text;

/** Asks for a DuckLake catalog to keep attached; OK keeps it ({@link DuckLakeKeeping}) or says why not and stays. */
public final class AttachDuckLakeDialog extends TitleAreaDialog {

	private final Path home;
	private final Runnable attached;
	private Text name;
	private Text url;
	private Text dataPath;
	private Button readOnly;

	public AttachDuckLakeDialog(Shell parent, Path home, Runnable attached) {
		super(parent);
		this.home = home;
		this.attached = attached;
	}

	@Override
	protected Control createDialogArea(Composite parent) {
		setTitle("Attach DuckLake");
		setMessage("Kept in settings.json, as 'lakestudio ducklake attach' keeps it: every SQL session attaches it.");
		Composite area = (Composite) super.createDialogArea(parent);
		Composite c = new Composite(area, SWT.NONE);
		GridLayoutFactory.swtDefaults().numColumns(2).applyTo(c);
		GridDataFactory.fillDefaults().grab(true, true).applyTo(c);
		name = field(c, "Name:", "letters, digits and _");
		url = field(c, "URL:", "ducklake:sqlite:<file> or ducklake:moraine:<folder>");
		dataPath = field(c, "Data path:", "optional: where its Parquet files go");
		new Label(c, SWT.NONE);
		readOnly = new Button(c, SWT.CHECK);
		readOnly.setText("Read-only");
		return area;
	}

	private static Text field(Composite c, String label, String hint) {
		new Label(c, SWT.NONE).setText(label);
		Text t = new Text(c, SWT.BORDER);
		t.setMessage(hint);
		GridDataFactory.fillDefaults().grab(true, false).hint(420, SWT.DEFAULT).applyTo(t);
		return t;
	}

	/** Fills the fields as a user types them (tests). */
	public void fill(String n, String u, String d, boolean ro) {
		name.setText(n);
		url.setText(u);
		dataPath.setText(d == null ? "" : d);
		readOnly.setSelection(ro);
	}

	/** Presses OK. */
	public void pressOk() {
		buttonPressed(IDialogConstants.OK_ID);
	}

	/** The error shown, or null. */
	public String error() {
		return getErrorMessage();
	}

	@Override
	protected void okPressed() {
		String why = DuckLakeKeeping.attach(home, name.getText(), url.getText(), dataPath.getText(),
				readOnly.getSelection());
		if (why != null) {
			setErrorMessage(why);
			return;
		}
		super.okPressed();
		attached.run();
	}
}
