package io.lakestudio.ui.sql;

import java.util.List;

import org.eclipse.jface.text.ITextViewer;
import org.eclipse.jface.text.contentassist.CompletionProposal;
import org.eclipse.jface.text.contentassist.ICompletionProposal;
import org.eclipse.jface.text.contentassist.IContentAssistProcessor;
import org.eclipse.jface.text.contentassist.IContextInformation;
import org.eclipse.jface.text.contentassist.IContextInformationValidator;

import io.lakestudio.catalog.Catalogs;
import io.lakestudio.catalog.ReadOnlyCatalog;
import io.lakestudio.catalog.Settings;
import io.lakestudio.ui.ducklake.DuckLakeTree;

/**
 * Content assist over {@link SqlNames}: opens the catalog (and the kept DuckLake catalogs' files) read-only for each
 * request, which costs no network.
 */
public final class SqlCompletion implements IContentAssistProcessor {

	private String error;

	@Override
	public ICompletionProposal[] computeCompletionProposals(ITextViewer viewer, int offset) {
		String text = viewer.getDocument().get();
		String account = Settings.load(Catalogs.home()).account();
		try (ReadOnlyCatalog catalog = Catalogs.openReadOnly(Catalogs.catalogFile(Catalogs.home(), account),
				account)) {
			int from = SqlNames.replaceFrom(text, offset);
			List<SqlNames.Proposal> names = new SqlNames(catalog, new DuckLakeTree(Catalogs.home()))
					.propose(text, offset);
			error = names.isEmpty() ? "No names in the catalog match here" : null;
			return names.stream().map(p -> new CompletionProposal(p.replacement(), from, offset - from,
					p.replacement().length(), null, p.display(), null, null)).toArray(ICompletionProposal[]::new);
		} catch (RuntimeException e) {
			error = "The catalog cannot be read: " + e.getMessage();
			return new ICompletionProposal[0];
		}
	}

	@Override
	public IContextInformation[] computeContextInformation(ITextViewer viewer, int offset) {
		return null;
	}

	@Override
	public char[] getCompletionProposalAutoActivationCharacters() {
		return new char[] { '.' };
	}

	@Override
	public char[] getContextInformationAutoActivationCharacters() {
		return null;
	}

	@Override
	public String getErrorMessage() {
		return error;
	}

	@Override
	public IContextInformationValidator getContextInformationValidator() {
		return null;
	}
}
