package io.leapfrog.engine.eval;

import io.leapfrog.exec.storage.Relation;

/**
 * What a relation with Souffle's special insertion semantics keeps of the tuples offered to it, round
 * after round of its stratum: a choice-domain admits a subset ({@link ChoiceDomain}); an eqrel relation
 * adds every pair the offered ones imply ({@link EquivalenceClosure}). Stateful: it remembers what it
 * has taken, so the first call (the relation's facts and input) sets up what later rounds are judged by.
 */
interface InsertionPolicy {
    /** The tuples to add because {@code offered} was offered. */
    Relation admit(Relation offered);
}
