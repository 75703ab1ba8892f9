package io.leapfrog.cli.profile;

import io.leapfrog.engine.Progress;
import io.leapfrog.engine.eval.RoundDone;
import io.leapfrog.engine.eval.RuleDone;
import io.leapfrog.engine.eval.StratumDone;

import java.util.List;

/** Several listeners of one evaluation as one: each event goes to each, in order. */
public final class Progresses {
    private Progresses() {
    }

    public static Progress of(List<Progress> all) {
        List<Progress> each = List.copyOf(all);
        if (each.isEmpty()) {
            return Progress.NONE;
        }
        if (each.size() == 1) {
            return each.get(0);
        }
        return new Progress() {
            @Override
            public void stratumStarted(int index, int strata, List<String> relations) {
                each.forEach(p -> p.stratumStarted(index, strata, relations));
            }

            @Override
            public void ruleDone(RuleDone rule) {
                each.forEach(p -> p.ruleDone(rule));
            }

            @Override
            public void roundDone(RoundDone round) {
                each.forEach(p -> p.roundDone(round));
            }

            @Override
            public void joinRunning(String label, java.util.function.DoubleSupplier share) {
                each.forEach(p -> p.joinRunning(label, share));
            }

            @Override
            public void joinEnded(String label) {
                each.forEach(p -> p.joinEnded(label));
            }

            @Override
            public void stratumDone(StratumDone stratum) {
                each.forEach(p -> p.stratumDone(stratum));
            }
        };
    }
}
