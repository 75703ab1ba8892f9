package io.leapfrog.bench;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Checks the counts of one workload's cells when no exact answer is known (generated R-MAT graphs, the
 * recursion datasets): against the reference engine's count when that engine finished, else against each
 * other. When the engines that finished agree, that count is taken as the answer; when they differ, the count
 * given by more than half of them is, and the others are wrong; without such a majority every cell is
 * disputed. Either way a disagreement shows as NO, which makes the bench's exit status 1.
 */
final class CountCheck {
    private CountCheck() {
    }

    static List<CellResult> check(Workload w, List<CellResult> row, String reference, PrintStream progress) {
        if (w.expected().isPresent()) {
            return row;
        }
        String where = String.format("%-10s %-16s", w.query().id(), w.dataset());
        for (CellResult c : row) {
            if (c.engine().equals(reference) && c.ok() && c.count() >= 0) {
                progress.printf("%s no published count: checked against %s's %d%n", where, c.engine(), c.count());
                return row.stream().map(x -> x.withExpected(c.count())).toList();
            }
        }
        List<CellResult> finished = row.stream().filter(c -> c.ok() && c.count() >= 0).toList();
        if (finished.size() < 2) {
            return row;
        }
        Map<Long, Long> votes = finished.stream()
                .collect(Collectors.groupingBy(CellResult::count, LinkedHashMap::new, Collectors.counting()));
        if (votes.size() == 1) {
            long agreed = finished.get(0).count();
            progress.printf("%s no published count: %d engines agree on %d%n", where, finished.size(), agreed);
            return row.stream().map(x -> x.withExpected(agreed)).toList();
        }
        String counts = finished.stream().map(c -> c.engine() + " " + c.count()).collect(Collectors.joining(", "));
        for (Map.Entry<Long, Long> v : votes.entrySet()) {
            if (v.getValue() * 2 > finished.size()) {
                progress.printf("%s the engines DISAGREE (%s): most say %d%n", where, counts, v.getKey());
                return row.stream().map(x -> x.withExpected(v.getKey())).toList();
            }
        }
        progress.printf("%s the engines DISAGREE (%s), no count has a majority%n", where, counts);
        return row.stream().map(x -> x.ok() && x.count() >= 0 ? x.asDisputed() : x).toList();
    }
}
