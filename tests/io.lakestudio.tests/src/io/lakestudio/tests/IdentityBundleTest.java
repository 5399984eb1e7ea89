package io.lakestudio.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;

import io.lakestudio.emulator.BigTenant;
import io.lakestudio.emulator.Emulator;
import io.lakestudio.emulator.Entra;
import io.lakestudio.identity.Identity;
import io.lakestudio.identity.SignInException;
import io.lakestudio.identity.SignInSettings;

/**
 * The sign-in bundle inside Equinox: azure-identity, azure-core, MSAL4J, reactor and their Jackson are embedded
 * (lib/*.jar) and private; only io.lakestudio.identity is exported, and lib/ matches Bundle-ClassPath.
 */
class IdentityBundleTest {

	static final String FABRIC = "https://api.fabric.microsoft.com/.default";

	@Test
	void exportsOnlyItsOwnPackage() throws Exception {
		Bundle b = FrameworkUtil.getBundle(Identity.class);
		assertTrue(b != null, "io.lakestudio.identity runs as a bundle");
		assertEquals("io.lakestudio.identity", b.getSymbolicName());
		assertEquals("io.lakestudio.identity", b.getHeaders().get("Export-Package").trim());
		ClassLoader mine = IdentityBundleTest.class.getClassLoader();
		for (String hidden : List.of("com.azure.identity.DeviceCodeCredential", "com.azure.core.http.HttpClient",
				"com.microsoft.aad.msal4j.PublicClientApplication", "reactor.core.publisher.Mono")) {
			assertThrows(ClassNotFoundException.class, () -> mine.loadClass(hidden), hidden + " leaks");
		}
		// inside the bundle they load, from the bundle's own class loader
		Class<?> c = b.loadClass("com.azure.identity.DeviceCodeCredentialBuilder");
		assertEquals(Identity.class.getClassLoader(), c.getClassLoader());
	}

	/**
	 * The browser sign-in inside Equinox: MSAL's loopback listener (com.sun.net.httpserver, from the framework), its
	 * HTTP through the bundle's JDK client, against the emulator's Entra; then a silent token.
	 */
	@Test
	void browserSignInInsideOsgi(@TempDir Path dir) throws Exception {
		System.setProperty("lakestudio.keyring", "off");
		Path root = dir.resolve("lake");
		BigTenant.write(root, 1, 1, 1);
		try (Emulator emu = Emulator.start(root)) {
			Entra entra = emu.entra();
			SignInSettings s = new SignInSettings("osgi", dir.resolve("home"), entra.authorityHost(), "emu-tenant",
					"lakestudio-test-client", entra.caFile());
			Identity id = Identity.of(s);
			String user;
			try {
				user = id.signInWithBrowser(FABRIC, entra::browse, Duration.ofSeconds(30));
			} catch (SignInException e) {
				throw new AssertionError(e.getMessage() + "; the browser saw " + entra.browsed(), e);
			}
			assertEquals(Entra.USER, user);
			assertEquals(List.of("authorization_code"), entra.grants());
			int before = emu.log().size();
			assertTrue(id.token(FABRIC).value().length() > 10);
			assertEquals(before, emu.log().size(), "from the cache");
			id.signOut();
		}
	}

	@Test
	void embeddedJarsMatchBundleClassPath() {
		Bundle b = FrameworkUtil.getBundle(Identity.class);
		TreeSet<String> embedded = new TreeSet<>();
		Enumeration<URL> e = b.findEntries("lib", "*.jar", false);
		for (URL u : e == null ? new ArrayList<URL>() : Collections.list(e)) {
			embedded.add(u.getPath().replaceFirst("^/", ""));
		}
		TreeSet<String> declared = new TreeSet<>();
		for (String entry : b.getHeaders().get("Bundle-ClassPath").split(",")) {
			if (!entry.trim().equals(".")) {
				declared.add(entry.trim());
			}
		}
		assertTrue(embedded.size() >= 15, "embedded: " + embedded);
		assertEquals(declared, embedded);
	}
}
