package io.lakestudio.ui.sql;

/**
 * Which statement Ctrl+Enter runs: the selection when there is one, else the statement the cursor is in, bounded
 * by semicolons (ignoring those inside quotes and comments).
 */
public final class Statements {

	private Statements() {
	}

	public static String at(String text, int offset, int length) {
		if (length > 0) {
			return text.substring(offset, offset + length).trim();
		}
		int start = 0;
		boolean inSingle = false;
		boolean inDouble = false;
		boolean inLine = false;
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			if (inLine) {
				inLine = c != '\n';
			} else if (c == '\'' && !inDouble) {
				inSingle = !inSingle;
			} else if (c == '"' && !inSingle) {
				inDouble = !inDouble;
			} else if (!inSingle && !inDouble && c == '-' && i + 1 < text.length() && text.charAt(i + 1) == '-') {
				inLine = true;
			} else if (!inSingle && !inDouble && c == ';') {
				if (offset <= i) {
					return text.substring(start, i).trim();
				}
				start = i + 1;
			}
		}
		return text.substring(start).trim();
	}

	/** Whether a statement is nothing but comments and blanks. */
	public static boolean onlyComments(String sql) {
		return sql.replaceAll("--[^\n]*", "").replaceAll("(?s)/\\*.*?\\*/", "").isBlank();
	}
}
