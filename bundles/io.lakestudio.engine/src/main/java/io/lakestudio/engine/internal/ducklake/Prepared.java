package io.lakestudio.engine.internal.ducklake;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

import io.lakestudio.engine.CatalogKind.Answer;
import io.lakestudio.engine.EngineException;
import io.lakestudio.engine.EngineException.Kind;

/**
 * {@code PREPARE name AS <statement>}, {@code EXECUTE name}, {@code DEALLOCATE [PREPARE] name} while DuckLake
 * catalogs are attached. A prepared statement is kept as text and EXECUTE runs it as if it were typed then, so it
 * goes through every check a statement gets (nothing is checked, or let by, at PREPARE).
 */
final class Prepared {

	private final Map<String, String> texts = new HashMap<>();

	/** The statement carried out, or null when it names no statement prepared here (the engine's then). */
	Answer execute(Text t, DuckLakeKind kind) throws java.text.ParseException, EngineException {
		if (t.accept("PREPARE")) {
			String name = t.name().toLowerCase(Locale.ROOT);
			t.expect("AS");
			texts.put(name, t.rest());
			return kind.ok("ok");
		}
		if (t.accept("DEALLOCATE")) {
			t.accept("PREPARE");
			return texts.remove(t.name().toLowerCase(Locale.ROOT)) == null ? null : kind.ok("ok");
		}
		t.expect("EXECUTE");
		String text = texts.get(t.name().toLowerCase(Locale.ROOT));
		if (text != null && !t.atEnd()) {
			throw new EngineException(Kind.REFUSED, "refused: EXECUTE with parameters is not taken here yet");
		}
		return text == null ? null : kind.execute(text);
	}
}
