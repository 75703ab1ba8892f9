package io.leapfrog.plan;

import java.util.List;

/** A program: its strata in evaluation order. */
public record ProgramPlan(List<StratumPlan> strata) {

    public ProgramPlan {
        strata = List.copyOf(strata);
    }
}
