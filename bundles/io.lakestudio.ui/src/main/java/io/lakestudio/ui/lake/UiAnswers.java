package io.lakestudio.ui.lake;

import java.util.function.BooleanSupplier;

import org.eclipse.swt.widgets.Display;

/**
 * How a job hands what it found to the UI thread: asynchronously, and only while the display lives and its sink
 * still wants the answers (the editor may be closed, or a newer run started).
 */
public final class UiAnswers {

	private final Display display;
	private final BooleanSupplier wanted;

	public UiAnswers(Display display, BooleanSupplier wanted) {
		this.display = display;
		this.wanted = wanted;
	}

	public void send(Runnable r) {
		if (!display.isDisposed()) {
			display.asyncExec(() -> {
				if (wanted.getAsBoolean()) {
					r.run();
				}
			});
		}
	}
}
