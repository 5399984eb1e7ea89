package io.lakestudio.fdl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.lakestudio.store.http.HostAnswers;

import org.junit.jupiter.api.Test;

/**
 * Reads every JSON example out of docs/fdl-0.1.md and checks that the code accepts it and writes back exactly its
 * bytes, so the text and the code can't drift apart. An example is a fenced block {@code ```json fdl:<kind>}.
 */
class SpecExamplesTest {

	static final Path SPEC = Path.of("../../docs/fdl-0.1.md");
	private static final Pattern BLOCK = Pattern.compile("```json fdl:([a-z-]+)([^\\n]*)\\n(.*?)\\n```", Pattern.DOTALL);

	record Example(String kind, String args, String text) {
	}

	static List<Example> examples() throws Exception {
		List<Example> out = new ArrayList<>();
		Matcher m = BLOCK.matcher(Files.readString(SPEC));
		while (m.find())
			out.add(new Example(m.group(1), m.group(2).strip(), m.group(3)));
		return out;
	}

	@Test
	void everyExampleIsAcceptedAndIsItsOwnCanonicalForm() throws Exception {
		Set<String> kinds = new TreeSet<>();
		Map<String, VersionRecord> records = new HashMap<>();
		List<Example> examples = examples();
		for (Example e : examples) {
			byte[] bytes = e.text().getBytes(StandardCharsets.UTF_8);
			String where = "docs/fdl-0.1.md example " + e.kind();
			byte[] again = switch (e.kind()) {
			case "marker" -> Marker.parse(bytes, where).bytes();
			case "record" -> {
				VersionRecord r = VersionRecord.parse(bytes, where);
				assertEquals("id=" + r.id(), e.args(), "the example's stated ID is the SHA-256 of its bytes");
				assertTrue(r.signatureVerifies());
				records.put(r.id(), r);
				yield r.bytes();
			}
			case "signed" -> {
				VersionRecord r = records.get(e.args().substring("of=".length()));
				yield r.signedBytes();
			}
			case "ref" -> Ref.parse(bytes, where).bytes();
			case "request" -> Request.parse(bytes, where).bytes();
			case "retention" -> RetentionNote.parse(bytes, where).bytes();
			case "unnamed" -> Unnamed.parse(bytes, where).bytes();
			case "listing" -> HostBodies.listing(HostAnswers.listing(bytes, where));
			case "error" -> {
				HostAnswers.Error a = HostAnswers.error(bytes).orElseThrow();
				yield new HostBodies.Error(a.error(), a.message()).bytes();
			}
			default -> throw new AssertionError("an example of an unknown kind: " + e.kind());
			};
			assertArrayEquals(bytes, again, where + ": written back as " + new String(again, StandardCharsets.UTF_8));
			kinds.add(e.kind());
		}
		assertEquals(new TreeSet<>(Set.of("marker", "record", "signed", "ref", "request", "retention", "unnamed",
				"listing", "error")), kinds, "an example of each file and body");
	}

	@Test
	void everyStatusTheTextNamesIsTheCodes() throws Exception {
		String text = Files.readString(SPEC);
		for (FdlException.Refusal r : FdlException.Refusal.values()) {
			if (r == FdlException.Refusal.STORE || r == FdlException.Refusal.UNTRUSTED || r == FdlException.Refusal.WITHDRAWN)
				continue;
			assertTrue(text.contains("`" + r.code + "` (" + r.status + ")"), r + " is not in the text as `" + r.code
					+ "` (" + r.status + ")");
		}
	}

	@Test
	void everyPathOfTheLayoutTableIsOneTheCodeAccepts() throws Exception {
		String id = "4f1c2d7e9a0b3c5d6e8f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d";
		for (String p : List.of("FDL", "versions/" + id, "catalogs/" + id, "data/main/sales/ducklake-1.parquet",
				"refs/heads/main", "refs/tags/v1", "refs/requests/7", "retention/" + id, "gc/unnamed", "x-/acl.json"))
			assertTrue(Layout.inLayout(p), p);
		for (String p : List.of("versions/abc", "refs/requests/07", "refs/heads/.x", "other", "data/", "x-/"))
			assertTrue(!Layout.inLayout(p), p);
		String text = Files.readString(SPEC);
		for (String p : List.of("`FDL`", "`versions/<id>`", "`catalogs/<sha256>`", "`data/<path>`", "`refs/heads/<branch>`",
				"`refs/tags/<tag>`", "`refs/requests/<n>`", "`retention/<id>`", "`gc/unnamed`", "`x-/<path>`"))
			assertTrue(text.contains("| " + p + " |"), p + " in the layout table");
	}

	@Test
	void theFrozenCatalogsTableIsTheOneTheTextGives() throws Exception {
		Matcher m = Pattern.compile("```sql fdl:table\\n(.*?)\\n```", Pattern.DOTALL).matcher(Files.readString(SPEC));
		assertTrue(m.find(), "the text gives fdl_data_file's definition");
		assertEquals(m.group(1), io.lakestudio.fdl.internal.NamedFiles.TABLE);
	}
}
