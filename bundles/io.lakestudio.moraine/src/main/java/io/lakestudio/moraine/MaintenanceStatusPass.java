package io.lakestudio.moraine;

import java.util.List;

/** One completed maintenance pass in the catalog's durable status history. */
public record MaintenanceStatusPass(long pass, Timestamp started, Timestamp finished,
		List<MaintenanceStatusStep> steps) {
}
