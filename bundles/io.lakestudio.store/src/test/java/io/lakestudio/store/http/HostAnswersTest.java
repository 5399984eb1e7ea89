package io.lakestudio.store.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.lakestudio.store.ObjectInfo;
import io.lakestudio.store.StoreException;

/** The host's listing and error answers as a client reads them; what isn't one is refused or left to the status. */
class HostAnswersTest {

	private static byte[] b(String s) {
		return s.getBytes(StandardCharsets.UTF_8);
	}

	@Test
	void aListingGivesEachObjectInItsOrder() throws Exception {
		List<ObjectInfo> l = HostAnswers.listing(b("{\"objects\":[{\"etag\":\"\\\"17\\\"\",\"path\":\"refs/heads/main\",\"size\":77},"
				+ "{\"etag\":\"\\\"12\\\"\",\"path\":\"refs/tags/v1\",\"size\":77}]}"), "here");
		assertEquals(List.of("refs/heads/main", "refs/tags/v1"), l.stream().map(ObjectInfo::path).toList());
		assertEquals("\"17\"", l.get(0).etag());
		assertEquals(77, l.get(1).size());
		assertEquals(List.of(), HostAnswers.listing(b("{\"objects\":[]}"), "here"));
	}

	@Test
	void aBodyThatIsNotAListingIsDamaged() {
		for (String bad : List.of("", "[]", "{\"objects\":[{\"path\":\"a\",\"size\":1}]}",
				"{\"objects\":[{\"etag\":\"e\",\"path\":\"a\",\"size\":-1}]}",
				"{\"objects\":[{\"etag\":\"e\",\"path\":\"a\",\"path\":\"b\",\"size\":1}]}",
				"{\"objects\":[{\"etag\":\"e\",\"path\":\"a\",\"size\":1,\"extra\":1}]}", "{\"objects\":[]}x",
				"{\"objects\":[],\"more\":1}")) {
			StoreException e = assertThrows(StoreException.class, () -> HostAnswers.listing(b(bad), "listing of x"), bad);
			assertEquals(StoreException.Kind.DAMAGED, e.kind());
			assertTrue(e.getMessage().startsWith("listing of x: "), e.getMessage());
		}
	}

	@Test
	void anErrorAnswerGivesItsCodeAndWhy() {
		HostAnswers.Error e = HostAnswers.error(b("{\"error\":\"not-fast-forward\",\"message\":\"pull first\"}")).orElseThrow();
		assertEquals("not-fast-forward", e.error());
		assertEquals("pull first", e.message());
		for (String other : List.of("", "<html>502</html>", "{\"error\":\"x\"}", "{\"error\":1,\"message\":\"m\"}",
				"{\"error\":\"x\",\"message\":\"m\",\"at\":\"y\"}"))
			assertTrue(HostAnswers.error(b(other)).isEmpty(), other);
	}
}
