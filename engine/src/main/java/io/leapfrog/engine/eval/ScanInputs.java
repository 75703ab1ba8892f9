package io.leapfrog.engine.eval;

import io.leapfrog.exec.join.AtomPattern;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.plan.JoinNode;
import io.leapfrog.plan.Scan;

import java.util.ArrayList;
import java.util.List;

/**
 * The atoms of a join as the executor reads them: each {@link Scan}'s {@link AtomPattern} (its constants
 * interned now, in the evaluation's symbol table), and the last relation it narrowed, so an unchanged
 * input (a relation of an earlier stratum, read in every semi-naive round) is not narrowed again.
 */
final class ScanInputs {
    private final List<Scan> scans;
    private final AtomPattern[] patterns;
    private final Cache[] caches;

    ScanInputs(JoinNode node, EvalContext ctx) {
        this.scans = node.scans();
        this.patterns = new AtomPattern[scans.size()];
        this.caches = new Cache[scans.size()];
        for (int i = 0; i < patterns.length; i++) {
            List<AtomPattern.Term> terms = new ArrayList<>();
            for (Scan.Column c : scans.get(i).columns()) {
                if (c instanceof Scan.Column.Binds b) {
                    terms.add(AtomPattern.Term.var(b.var()));
                } else if (c instanceof Scan.Column.Selects s) {
                    terms.add(AtomPattern.Term.constant(ctx.constantValue(s.value(), s.type())));
                } else {
                    terms.add(AtomPattern.Term.wildcard());
                }
            }
            patterns[i] = AtomPattern.of(terms);
            caches[i] = new Cache();
        }
    }

    int size() {
        return patterns.length;
    }

    Scan scan(int i) {
        return scans.get(i);
    }

    AtomPattern pattern(int i) {
        return patterns[i];
    }

    /** Scan i's relation narrowed by its pattern, reused while {@code relation} is the one narrowed last. */
    Relation narrowed(int i, Relation relation) {
        return caches[i].get(relation, patterns[i]);
    }

    /** Scan i's relation narrowed by its pattern, not kept (a delta, read once). */
    Relation narrowedOnce(int i, Relation relation) {
        return patterns[i].apply(relation);
    }

    /** The last relation narrowed and its result. */
    private static final class Cache {
        private Relation source;
        private Relation result;

        synchronized Relation get(Relation src, AtomPattern pattern) {
            if (src != source) {
                result = pattern.apply(src);
                source = src;
            }
            return result;
        }
    }
}
