package io.lakestudio.cli;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.Charset;

/**
 * The command line's stdout as a writer: each text is encoded whole, in stdout's own charset, by
 * {@link String#getBytes(Charset)} (one tight loop over the text), not a character at a time through an encoder,
 * which cost a 2,000-line listing some 2 ms of a metadata answer that runs interpreted. Buffered until flushed.
 */
final class StdoutWriter extends Writer {

	private final OutputStream out;
	private final Charset charset;

	StdoutWriter(PrintStream stdout) {
		this.out = new BufferedOutputStream(stdout, 1 << 16);
		this.charset = stdout.charset();
	}

	@Override
	public void write(String s, int off, int len) throws IOException {
		out.write((off == 0 && len == s.length() ? s : s.substring(off, off + len)).getBytes(charset));
	}

	@Override
	public void write(char[] chars, int off, int len) throws IOException {
		write(new String(chars, off, len), 0, len);
	}

	@Override
	public void flush() throws IOException {
		out.flush();
	}

	/** Flushes; stdout itself stays open. */
	@Override
	public void close() throws IOException {
		out.flush();
	}
}
