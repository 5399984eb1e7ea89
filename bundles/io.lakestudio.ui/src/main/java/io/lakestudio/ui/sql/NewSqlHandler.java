package io.lakestudio.ui.sql;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.core.commands.AbstractHandler;
import org.eclipse.core.commands.ExecutionEvent;
import org.eclipse.core.commands.ExecutionException;
import org.eclipse.core.filesystem.EFS;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.handlers.HandlerUtil;
import org.eclipse.ui.ide.FileStoreEditorInput;

import io.lakestudio.catalog.Catalogs;

/**
 * New OneLake SQL: a new {@code .sql} file under {@code sql/} in the state folder (no workspace project needed),
 * opened in the SQL editor.
 */
public final class NewSqlHandler extends AbstractHandler {

	public static final String ID = "io.lakestudio.ui.commands.newSql";
	static final String TEMPLATE = "-- Ctrl+Space completes workspace/item, schema, table and column names\n"
			+ "SELECT *\nFROM ";

	@Override
	public Object execute(ExecutionEvent event) throws ExecutionException {
		try {
			Path file = newFile(Catalogs.home().resolve("sql"));
			Files.writeString(file, TEMPLATE);
			return open(event, file);
		} catch (IOException | PartInitException e) {
			throw new ExecutionException("Cannot create a SQL file: " + e.getMessage(), e);
		}
	}

	static IEditorPart open(ExecutionEvent event, Path file) throws PartInitException {
		return open(HandlerUtil.getActiveWorkbenchWindow(event).getActivePage(), file);
	}

	static IEditorPart open(IWorkbenchPage page, Path file) throws PartInitException {
		FileStoreEditorInput input = new FileStoreEditorInput(EFS.getLocalFileSystem().getStore(file.toUri()));
		return page.openEditor(input, SqlEditor.ID);
	}

	/** A new {@code .sql} file in the state folder holding {@code sql}, opened in the SQL editor. */
	public static IEditorPart openNew(IWorkbenchPage page, String sql) throws IOException, PartInitException {
		Path file = newFile(Catalogs.home().resolve("sql"));
		Files.writeString(file, sql + "\n");
		return open(page, file);
	}

	static Path newFile(Path dir) throws IOException {
		Files.createDirectories(dir);
		for (int n = 1;; n++) {
			Path p = dir.resolve("query-" + n + ".sql");
			if (!Files.exists(p)) {
				return p;
			}
		}
	}
}
