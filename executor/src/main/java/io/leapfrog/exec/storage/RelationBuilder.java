package io.leapfrog.exec.storage;

/**
 * Collects tuples (duplicates allowed, any order) in growable primitive arrays and builds a
 * {@link Relation}: sorted, de-duplicated. Not thread-safe; use one per worker and merge.
 *
 * CONTRACT: public RelationBuilder(int arity); void add(int... tuple); void add(int[] src, int offset);
 * void addAll(RelationBuilder other); int size(); Relation build().
 */
public final class RelationBuilder {
}
