package io.lakestudio.identity;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/**
 * Opens the page of the interactive browser sign-in. The workbench or a test can give its own; {@link #system()}
 * is the desktop's browser.
 */
@FunctionalInterface
public interface Browser {

	/** Shows {@code page} (Entra's sign-in page, which ends by redirecting to the loopback listener). */
	void open(URI page) throws IOException;

	/**
	 * The desktop's browser, if this machine has a desktop: {@code java.awt.Desktop} where it can browse, else
	 * {@code xdg-open} when a display is set (Linux/BSD). Empty on a headless machine (no display, a console, a
	 * container), where only the device-code sign-in works.
	 */
	static Optional<Browser> system() {
		return system(System.getenv(), System.getProperty("os.name", ""));
	}

	/** {@link #system()} for a given environment and OS name. */
	static Optional<Browser> system(Map<String, String> env, String os) {
		String o = os.toLowerCase();
		boolean display = !env.getOrDefault("DISPLAY", "").isEmpty()
				|| !env.getOrDefault("WAYLAND_DISPLAY", "").isEmpty();
		boolean unix = !o.contains("win") && !o.contains("mac");
		if (unix && !display) {
			return Optional.empty(); // AWT would be headless, xdg-open has nowhere to open
		}
		try {
			if (java.awt.Desktop.isDesktopSupported()
					&& java.awt.Desktop.getDesktop().isSupported(java.awt.Desktop.Action.BROWSE)) {
				return Optional.of(page -> java.awt.Desktop.getDesktop().browse(page));
			}
		} catch (Throwable t) { // HeadlessException, AWTError, UnsatisfiedLinkError: no AWT desktop here
		}
		if (unix) {
			for (String dir : env.getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
				Path xdg = Path.of(dir.isEmpty() ? "." : dir, "xdg-open");
				if (Files.isExecutable(xdg)) {
					return Optional.of(page -> new ProcessBuilder(xdg.toString(), page.toString())
							.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start());
				}
			}
		}
		return Optional.empty();
	}
}
