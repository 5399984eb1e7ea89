package io.lakestudio.emulator;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A desktop's Secret Service for tests: a private D-Bus session bus ({@code dbus-daemon}) and a gnome-keyring
 * daemon on it with its login keyring unlocked, both kept in a folder of the test's ({@code HOME} of the daemons,
 * where the encrypted keyring file lives). Processes given {@link #environment()} keep secrets there through
 * libsecret, as on a signed-in desktop; the user's own session and keyring are never touched.
 * Needs the Debian packages {@code dbus-daemon}, {@code dbus-bin} and {@code gnome-keyring}.
 */
public final class SecretService implements AutoCloseable {

	/** The Debian packages this needs, for messages. */
	public static final String PACKAGES = "dbus-daemon dbus-bin gnome-keyring libsecret-1-0";

	private final Path home;
	private final Path runtime;
	private final Process bus;
	private final Process keyring;
	private final String address;

	private SecretService(Path home, Path runtime, Process bus, Process keyring, String address) {
		this.home = home;
		this.runtime = runtime;
		this.bus = bus;
		this.keyring = keyring;
		this.address = address;
	}

	/** Why a Secret Service can't be started on this machine (a program missing), or empty when it can. */
	public static Optional<String> missing() {
		List<String> absent = new ArrayList<>();
		for (String program : List.of("dbus-daemon", "dbus-send", "gnome-keyring-daemon")) {
			if (which(program).isEmpty()) {
				absent.add(program);
			}
		}
		if (!Files.exists(Path.of("/usr/lib/x86_64-linux-gnu/libsecret-1.so.0"))
				&& !Files.exists(Path.of("/usr/lib64/libsecret-1.so.0"))
				&& !Files.exists(Path.of("/usr/lib/libsecret-1.so.0"))) {
			absent.add("libsecret-1.so.0");
		}
		return absent.isEmpty() ? Optional.empty()
				: Optional.of("no Secret Service for the test: " + String.join(", ", absent) + " not found (apt-get"
						+ " install " + PACKAGES + ")");
	}

	/** Starts the bus and the keyring daemon with {@code dir} as their home; waits until the keyring answers. */
	public static SecretService start(Path dir) throws IOException {
		Files.createDirectories(dir);
		Path runtime = runtimeDir();
		ProcessBuilder b = new ProcessBuilder("dbus-daemon", "--session", "--nofork", "--print-address=1");
		isolate(b, dir, runtime);
		b.redirectError(dir.resolve("dbus-daemon.log").toFile());
		Process bus = b.start();
		String address;
		try {
			BufferedReader r = new BufferedReader(new InputStreamReader(bus.getInputStream(), StandardCharsets.UTF_8));
			address = CompletableFuture.supplyAsync(() -> {
				try {
					return r.readLine();
				} catch (IOException e) {
					return null;
				}
			}).get(15, TimeUnit.SECONDS);
		} catch (Exception e) {
			bus.destroyForcibly();
			deleteRuntime(runtime);
			throw new IOException("dbus-daemon gave no address in 15 s: " + e, e);
		}
		if (address == null || address.isBlank()) {
			bus.destroyForcibly();
			deleteRuntime(runtime);
			throw new IOException("dbus-daemon exited: see " + dir.resolve("dbus-daemon.log"));
		}
		ProcessBuilder k = new ProcessBuilder("gnome-keyring-daemon", "--foreground", "--unlock",
				"--components=secrets");
		isolate(k, dir, runtime);
		k.environment().put("DBUS_SESSION_BUS_ADDRESS", address);
		k.redirectOutput(dir.resolve("gnome-keyring.log").toFile()).redirectErrorStream(true);
		Process keyring = k.start();
		SecretService s = new SecretService(dir, runtime, bus, keyring, address);
		try {
			try (OutputStream in = keyring.getOutputStream()) {
				in.write("lakestudio-test-keyring".getBytes(StandardCharsets.UTF_8)); // the login keyring's password
			}
			long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
			while (!s.send("--dest=org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus.NameHasOwner",
					"string:org.freedesktop.secrets").contains("boolean true")) {
				if (System.nanoTime() > until || !keyring.isAlive()) {
					throw new IOException("gnome-keyring-daemon did not take org.freedesktop.secrets in 15 s: "
							+ Files.readString(dir.resolve("gnome-keyring.log")));
				}
				Thread.sleep(100);
			}
			return s;
		} catch (IOException | RuntimeException e) {
			s.close();
			throw e;
		} catch (InterruptedException e) {
			s.close();
			Thread.currentThread().interrupt();
			throw new IOException("interrupted", e);
		}
	}

	/** The daemons' own folders only: HOME under {@code dir}, their sockets under {@code runtime}, no inherited session. */
	private static void isolate(ProcessBuilder b, Path dir, Path runtime) {
		Map<String, String> env = b.environment();
		env.keySet().removeIf(k -> k.startsWith("XDG_") || k.startsWith("DBUS_") || k.startsWith("GNOME_KEYRING"));
		env.put("HOME", dir.toString());
		env.put("XDG_RUNTIME_DIR", runtime.toString());
	}

	/**
	 * A short private folder for the daemons' sockets. Without XDG_RUNTIME_DIR gnome-keyring puts its control socket
	 * under {@code $HOME/.cache/keyring-XXXXXX/}, and below a deep build folder that path passes the 107 bytes a Unix
	 * socket name may have: the daemon then fails to bind ("Address already in use") and never takes the bus name.
	 */
	private static Path runtimeDir() throws IOException {
		Path tmp = Path.of("/tmp");
		Path parent = Files.isDirectory(tmp) && Files.isWritable(tmp) ? tmp : Path.of(System.getProperty("java.io.tmpdir"));
		return Files.createTempDirectory(parent, "lks-keyring-",
				PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
	}

	private static void deleteRuntime(Path runtime) {
		try (Stream<Path> all = Files.walk(runtime)) {
			for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
				Files.deleteIfExists(p);
			}
		} catch (IOException e) {
			// a socket left in /tmp by a daemon that would not stop; the OS cleans /tmp
		}
	}

	/** What a process needs in its environment to use this Secret Service (libsecret reads it). */
	public Map<String, String> environment() {
		return Map.of("DBUS_SESSION_BUS_ADDRESS", address);
	}

	/** Where the daemons keep their files, the (encrypted) keyring among them. */
	public Path home() {
		return home;
	}

	/** The object paths of the keyring items whose attributes include all of {@code attributes}. */
	public List<String> items(Map<String, String> attributes) throws IOException {
		StringBuilder dict = new StringBuilder("dict:string:string:");
		attributes.forEach((k, v) -> dict.append(dict.length() > 19 ? "," : "").append(k).append(',').append(v));
		String reply = send("--dest=org.freedesktop.secrets", "/org/freedesktop/secrets",
				"org.freedesktop.Secret.Service.SearchItems", dict.toString());
		if (!reply.startsWith("method return")) {
			throw new IOException("SearchItems failed: " + reply);
		}
		List<String> out = new ArrayList<>();
		for (String line : reply.split("\n")) {
			line = line.trim();
			if (line.startsWith("object path \"")) {
				out.add(line.substring("object path \"".length(), line.length() - 1));
			}
		}
		return out;
	}

	private String send(String... args) throws IOException {
		List<String> cmd = new ArrayList<>(List.of("dbus-send", "--session", "--print-reply", "--reply-timeout=5000"));
		cmd.addAll(List.of(args));
		ProcessBuilder b = new ProcessBuilder(cmd).redirectErrorStream(true);
		b.environment().put("DBUS_SESSION_BUS_ADDRESS", address);
		Process p = b.start();
		try {
			String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			if (!p.waitFor(10, TimeUnit.SECONDS)) {
				p.destroyForcibly();
			}
			return out;
		} catch (InterruptedException e) {
			p.destroyForcibly();
			Thread.currentThread().interrupt();
			throw new IOException("interrupted", e);
		}
	}

	private static Optional<Path> which(String program) {
		for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
			Path p = Path.of(dir.isEmpty() ? "." : dir, program);
			if (Files.isExecutable(p)) {
				return Optional.of(p);
			}
		}
		return Optional.empty();
	}

	@Override
	public void close() {
		for (Process p : List.of(keyring, bus)) {
			p.destroy();
			try {
				if (!p.waitFor(5, TimeUnit.SECONDS)) {
					p.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
				}
			} catch (InterruptedException e) {
				Thread.currentThread().interrupt();
			}
		}
		deleteRuntime(runtime);
	}
}
