package io.lakestudio.ui.sql;

import java.util.List;

import org.eclipse.jface.text.TextAttribute;
import org.eclipse.jface.text.rules.EndOfLineRule;
import org.eclipse.jface.text.rules.IRule;
import org.eclipse.jface.text.rules.IToken;
import org.eclipse.jface.text.rules.IWordDetector;
import org.eclipse.jface.text.rules.MultiLineRule;
import org.eclipse.jface.text.rules.NumberRule;
import org.eclipse.jface.text.rules.RuleBasedScanner;
import org.eclipse.jface.text.rules.SingleLineRule;
import org.eclipse.jface.text.rules.Token;
import org.eclipse.jface.text.rules.WhitespaceRule;
import org.eclipse.jface.text.rules.WordRule;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.widgets.Display;

/** Colours of SQL: keywords, strings, comments, numbers; quoted identifiers stay plain text colour. */
public final class SqlScanner extends RuleBasedScanner {

	public static final RGB KEYWORD = new RGB(127, 0, 85);
	public static final RGB STRING = new RGB(42, 0, 255);
	public static final RGB COMMENT = new RGB(63, 127, 95);
	public static final RGB NUMBER = new RGB(125, 125, 0);

	static final List<String> KEYWORDS = List.of("select", "from", "where", "group", "by", "order", "having",
			"limit", "offset", "join", "left", "right", "full", "inner", "outer", "cross", "on", "using", "as", "and",
			"or", "not", "in", "is", "null", "like", "ilike", "between", "case", "when", "then", "else", "end",
			"distinct", "union", "all", "except", "intersect", "with", "asc", "desc", "count", "sum", "avg", "min",
			"max", "cast", "true", "false", "exists", "show", "tables", "describe", "values", "over", "partition",
			"qualify", "filter");

	public SqlScanner(Display display) {
		IToken keyword = token(display, KEYWORD, SWT.BOLD);
		IToken string = token(display, STRING, SWT.NORMAL);
		IToken comment = token(display, COMMENT, SWT.ITALIC);
		IToken number = token(display, NUMBER, SWT.NORMAL);
		WordRule words = new WordRule(new Words(), Token.UNDEFINED, true);
		KEYWORDS.forEach(k -> words.addWord(k, keyword));
		setRules(new IRule[] { new EndOfLineRule("--", comment), new MultiLineRule("/*", "*/", comment, (char) 0, true),
				new SingleLineRule("'", "'", string), new SingleLineRule("\"", "\"", Token.UNDEFINED),
				new WhitespaceRule(Character::isWhitespace), words, new NumberRule(number) });
	}

	private static IToken token(Display display, RGB rgb, int style) {
		return new Token(new TextAttribute(new Color(display, rgb), null, style));
	}

	/** Words start with a letter or underscore, so "col_1" is one word and "1" is left to the number rule. */
	private static final class Words implements IWordDetector {
		@Override
		public boolean isWordStart(char c) {
			return Character.isLetter(c) || c == '_';
		}

		@Override
		public boolean isWordPart(char c) {
			return Character.isLetterOrDigit(c) || c == '_';
		}
	}
}
