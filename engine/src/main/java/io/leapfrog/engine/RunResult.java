package io.leapfrog.engine;

import io.leapfrog.plan.ProgramPlan;

import java.time.Duration;
import java.util.List;

/**
 * What {@link Engine#run} produced.
 *
 * @param outputs        one summary per {@code .output} relation, in directive order
 * @param printSizeLines the {@code .printsize} lines exactly as printed (e.g. {@code "path\t12"})
 * @param totalTime      wall time of the whole run (loading, evaluation, writing)
 * @param database       the evaluated relations (also reachable through {@link Engine#database})
 * @param deviceLines    where the joins ran and why (one line per rule and decision; see {@link Engine#run})
 * @param measuredOrders the rule bodies whose variable order was chosen by measuring orders on the data
 * @param degreeRenumberings the counted clique queries, each saying whether it counted over its graph with
 *                       the nodes renumbered by degree, and why
 * @param printSizes     one summary per {@code .printsize} relation, in directive order: its size (64-bit,
 *                       also when it was counted without being stored) and its stratum's evaluation time
 * @param plan           the program's plan as it ran: each join ordered with the statistics of its relations
 *                       when its stratum started (docs/plan.md)
 */
public record RunResult(List<OutputSummary> outputs, List<String> printSizeLines, Duration totalTime,
                        Database database, List<String> deviceLines, List<String> measuredOrders,
                        List<String> degreeRenumberings, List<OutputSummary> printSizes, ProgramPlan plan) {
    public RunResult {
        outputs = List.copyOf(outputs);
        printSizeLines = List.copyOf(printSizeLines);
        deviceLines = List.copyOf(deviceLines);
        measuredOrders = List.copyOf(measuredOrders);
        degreeRenumberings = List.copyOf(degreeRenumberings);
        printSizes = List.copyOf(printSizes);
    }
}
