package io.lakestudio.moraine;

/**
 * A data file a flush wrote, carrying the table's live inlined rows (as {@code recentRows} lists them, in row-id
 * order, each with its row id and begin snapshot embedded as DuckLake writes them). Unlike an ordinary
 * registration, the rows keep their ids and the record is backdated to the oldest row's snapshot.
 */
public record FlushedDataFile(DataFile file) {
}
