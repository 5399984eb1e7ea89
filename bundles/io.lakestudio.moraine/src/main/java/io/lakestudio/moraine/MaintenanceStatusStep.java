package io.lakestudio.moraine;

/** One step a completed maintenance pass reports. */
public record MaintenanceStatusStep(String step, long count) {
}
