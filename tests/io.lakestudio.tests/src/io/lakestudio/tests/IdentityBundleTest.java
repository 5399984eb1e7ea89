package io.lakestudio.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;
import org.osgi.framework.Bundle;
import org.osgi.framework.FrameworkUtil;

import io.lakestudio.identity.Identity;

/**
 * The sign-in bundle inside Equinox: azure-identity, azure-core, MSAL4J, reactor and their Jackson are embedded
 * (lib/*.jar) and private; only io.lakestudio.identity is exported, and lib/ matches Bundle-ClassPath.
 */
class IdentityBundleTest {

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
