package io.lakestudio.emulator.internal;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

/** Cuts a list into pages; the continuation token is the next offset, opaque to clients. */
public record Page<T>(List<T> rows, String next) {

	public static <T> Page<T> of(List<T> all, String token, int size) {
		int from = token == null || token.isEmpty() ? 0 : decode(token);
		int to = Math.min(all.size(), from + size);
		String next = to < all.size() ? encode(to) : null;
		return new Page<>(all.subList(Math.min(from, all.size()), to), next);
	}

	static String encode(int offset) {
		return Base64.getUrlEncoder().withoutPadding()
				.encodeToString(("page:" + offset).getBytes(StandardCharsets.UTF_8));
	}

	static int decode(String token) {
		try {
			String s = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8);
			return Integer.parseInt(s.substring("page:".length()));
		} catch (RuntimeException e) {
			throw new IllegalArgumentException("bad continuation token");
		}
	}
}
