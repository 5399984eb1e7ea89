package io.lakestudio.conformance;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.lakestudio.conformance.Outcome.Status;

/**
 * The report of a run: each file's PASS / FAIL (its first failing record, expected vs got) / SKIP (why); then per
 * folder its files, passed, failed, skipped, and {@code require} lines this run can't meet; the last line
 * {@code N passed, N failed, N skipped}.
 */
final class Report {

	private Report() {
	}

	static String text(String header, List<Outcome> outcomes) {
		StringBuilder b = new StringBuilder(header).append('\n');
		List<Outcome> sorted = new ArrayList<>(outcomes);
		sorted.sort((x, y) -> x.file().compareTo(y.file()));
		for (Outcome o : sorted) {
			b.append(o.status()).append(' ').append(o.file()).append(" (").append(seconds(o.millis())).append(')');
			if (o.status() == Status.SKIP) {
				b.append(": ").append(o.detail());
			}
			b.append('\n');
			if (o.status() == Status.FAIL) {
				b.append(FileRun.indent(o.detail().stripTrailing()));
			}
		}
		Map<String, int[]> folders = new TreeMap<>();
		for (Outcome o : sorted) {
			int[] n = folders.computeIfAbsent(o.folder(), k -> new int[5]);
			n[0]++;
			n[1 + o.status().ordinal()]++;
			n[4] += o.unmet();
		}
		b.append("\nfolder\tfiles\tpassed\tfailed\tskipped\tunmet require lines\n");
		for (Map.Entry<String, int[]> e : folders.entrySet()) {
			int[] n = e.getValue();
			b.append(e.getKey()).append('\t').append(n[0]).append('\t').append(n[1]).append('\t').append(n[2])
					.append('\t').append(n[3]).append('\t').append(n[4]).append('\n');
		}
		b.append('\n').append(totals(outcomes)).append('\n');
		return b.toString();
	}

	static String totals(List<Outcome> outcomes) {
		int[] n = new int[3];
		for (Outcome o : outcomes) {
			n[o.status().ordinal()]++;
		}
		return n[0] + " passed, " + n[1] + " failed, " + n[2] + " skipped";
	}

	private static String seconds(long ms) {
		return String.format(java.util.Locale.ROOT, "%.1f s", ms / 1000.0);
	}

	/** A JUnit XML report (one test case per file) for CI systems that show those. */
	static String junit(String suiteName, List<Outcome> outcomes) {
		int[] n = new int[3];
		long ms = 0;
		for (Outcome o : outcomes) {
			n[o.status().ordinal()]++;
			ms += o.millis();
		}
		StringBuilder b = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
		b.append("<testsuite name=\"").append(xml(suiteName)).append("\" tests=\"").append(outcomes.size())
				.append("\" failures=\"").append(n[1]).append("\" skipped=\"").append(n[2]).append("\" time=\"")
				.append(ms / 1000.0).append("\">\n");
		for (Outcome o : outcomes) {
			b.append("  <testcase classname=\"").append(xml(o.folder().replace('/', '.'))).append("\" name=\"")
					.append(xml(o.file())).append("\" time=\"").append(o.millis() / 1000.0).append("\"");
			switch (o.status()) {
			case PASS -> b.append("/>\n");
			case SKIP -> b.append("><skipped message=\"").append(xml(o.detail())).append("\"/></testcase>\n");
			case FAIL -> {
				String first = o.detail().lines().findFirst().orElse("");
				b.append("><failure message=\"").append(xml(first)).append("\">").append(xml(o.detail()))
						.append("</failure></testcase>\n");
			}
			}
		}
		return b.append("</testsuite>\n").toString();
	}

	private static String xml(String s) {
		StringBuilder b = new StringBuilder();
		for (char c : s.toCharArray()) {
			switch (c) {
			case '<' -> b.append("&lt;");
			case '>' -> b.append("&gt;");
			case '&' -> b.append("&amp;");
			case '"' -> b.append("&quot;");
			default -> {
				if (c < 0x20 && c != '\n' && c != '\t' && c != '\r') {
					b.append('?');
				} else {
					b.append(c);
				}
			}
			}
		}
		return b.toString();
	}
}
