package io.lakestudio.identity;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;

/**
 * A separate process of the tests: one sign-in step for an account, as a later command would run it. Prints what
 * happened (never a token); exit 0 done, 2 a sign-in is required, 3 failed.
 * Arguments: {@code device-code|browser|token|sign-out account stateFolder authorityHost tenant clientId caFile [fabricUrl]}.
 */
public final class SignInProcess {

	public static void main(String[] a) throws Exception {
		SignInSettings s = new SignInSettings(a[1], Path.of(a[2]), a[3], a[4], a[5], Path.of(a[6]));
		Identity id = Identity.of(s);
		System.out.println("cache: " + id.cache());
		try {
			switch (a[0]) {
			case "device-code" -> {
				String user = id.signInWithDeviceCode(DeviceCodeSignInTest.FABRIC,
						c -> System.out.println("device code shown: " + c.userCode()));
				System.out.println("signed in: " + user);
			}
			case "browser" -> {
				java.util.List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
				String user = id.signInWithBrowser(DeviceCodeSignInTest.FABRIC,
						page -> io.lakestudio.emulator.Entra.browse(page, s.caFile(), seen), java.time.Duration.ofSeconds(60));
				System.out.println("signed in: " + user);
			}
			case "token" -> {
				Token t = id.token(DeviceCodeSignInTest.FABRIC);
				HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
						URI.create(a[7] + "/v1/workspaces")).header("Authorization", "Bearer " + t.value()).build(),
						HttpResponse.BodyHandlers.ofString());
				System.out.println("token: GET /v1/workspaces " + r.statusCode());
			}
			case "sign-out" -> {
				id.signOut();
				System.out.println("signed out");
			}
			default -> throw new IllegalArgumentException(a[0]);
			}
		} catch (SignInException e) {
			System.out.println("sign-in exception: " + e.kind() + ": " + e.getMessage());
			System.out.flush();
			System.exit(e.kind() == SignInException.Kind.REQUIRED ? 2 : 3);
		}
		System.out.flush();
		System.exit(0);
	}
}
