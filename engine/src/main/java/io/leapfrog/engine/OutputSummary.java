package io.leapfrog.engine;

import java.time.Duration;

/**
 * One evaluated {@code .output} (or {@code .printsize}) relation: its name, its number of rows and the
 * time spent evaluating the stratum that computed it (shared by every relation of that stratum).
 */
public record OutputSummary(String relation, long rows, Duration time) {
}
