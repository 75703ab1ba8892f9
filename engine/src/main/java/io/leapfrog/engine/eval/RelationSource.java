package io.leapfrog.engine.eval;

import io.leapfrog.exec.storage.Relation;

/** Where a compiled body reads its relations: the full relation, or (semi-naive) its last delta. */
@FunctionalInterface
public interface RelationSource {
    Relation get(String relation, boolean delta);
}
