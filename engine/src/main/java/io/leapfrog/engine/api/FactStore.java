package io.leapfrog.engine.api;

import io.leapfrog.engine.Database;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.RelationBuilder;
import io.leapfrog.exec.storage.SymbolTable;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The facts an embedding program gave, per relation, as stored values. Rows accumulate in a builder and
 * column loads as relations of their own; both are merged into the relation's facts when they are next
 * read ({@link #facts()}) or when facts are retracted, so that many small insertions cost one sort.
 * Not thread-safe: the {@link Session} that owns it serialises calls.
 */
final class FactStore {
    private final Map<String, Database.Schema> schemas;
    private final SymbolTable symbols;
    private final Map<String, Relation> merged = new HashMap<>();
    private final Map<String, RelationBuilder> pendingRows = new HashMap<>();
    private final Map<String, List<Relation>> pendingColumns = new HashMap<>();

    FactStore(Map<String, Database.Schema> schemas, SymbolTable symbols) {
        this.schemas = schemas;
        this.symbols = symbols;
    }

    SymbolTable symbols() {
        return symbols;
    }

    /** The schema of a relation facts may be given to; IllegalArgumentException naming the others otherwise. */
    Database.Schema schema(String relation) {
        Database.Schema s = schemas.get(relation);
        if (s == null) {
            throw new IllegalArgumentException("unknown relation '" + relation + "'; facts can be given to: "
                    + String.join(", ", schemas.keySet()));
        }
        return s;
    }

    /** One codec per column of {@code relation}. */
    ColumnCodec[] codecs(String relation) {
        Database.Schema s = schema(relation);
        ColumnCodec[] out = new ColumnCodec[s.arity()];
        for (int c = 0; c < out.length; c++) {
            out[c] = new ColumnCodec(s, c, symbols);
        }
        return out;
    }

    /** Where rows of {@code relation} are added (stored values, one tuple at a time). */
    RelationBuilder rows(String relation) {
        return pendingRows.computeIfAbsent(relation, r -> new RelationBuilder(schema(r).arity()));
    }

    /** Adds the tuples of {@code columns} (stored values, equal lengths, not kept by the caller) to {@code relation}. */
    void addColumns(String relation, Relation columns) {
        pendingColumns.computeIfAbsent(relation, r -> new ArrayList<>()).add(columns);
    }

    /** Removes the tuples of {@code gone} from {@code relation}'s facts (those it does not hold are ignored). */
    void remove(String relation, Relation gone) {
        merged.put(relation, current(relation).minus(gone));
    }

    /** Removes every fact of {@code relation}. */
    void clear(String relation) {
        schema(relation);
        pendingRows.remove(relation);
        pendingColumns.remove(relation);
        merged.remove(relation);
    }

    /** Every relation that was given facts, with its facts now. */
    Map<String, Relation> facts() {
        List<String> names = new ArrayList<>(merged.keySet());
        names.addAll(pendingRows.keySet());
        names.addAll(pendingColumns.keySet());
        Map<String, Relation> out = new HashMap<>();
        for (String name : names) {
            out.put(name, current(name));
        }
        return out;
    }

    /**
     * The facts added to {@code now} since {@code before} (two results of {@link #facts()}), by relation;
     * null when some fact of {@code before} is gone from {@code now} (a retraction).
     */
    static Map<String, Relation> addedSince(Map<String, Relation> before, Map<String, Relation> now) {
        Map<String, Relation> added = new HashMap<>();
        for (Map.Entry<String, Relation> e : before.entrySet()) {
            Relation after = now.get(e.getKey());
            if (after != e.getValue() && (after == null || e.getValue().minus(after).size() > 0)) {
                return null;
            }
        }
        for (Map.Entry<String, Relation> e : now.entrySet()) {
            Relation earlier = before.get(e.getKey());
            if (earlier != e.getValue()) {
                Relation fresh = earlier == null ? e.getValue() : e.getValue().minus(earlier);
                if (fresh.size() > 0) {
                    added.put(e.getKey(), fresh);
                }
            }
        }
        return added;
    }

    /** The facts of {@code relation}, its pending rows and columns merged in. */
    private Relation current(String relation) {
        Relation r = merged.getOrDefault(relation, Relation.empty(schema(relation).arity()));
        RelationBuilder rows = pendingRows.remove(relation);
        if (rows != null && rows.size() > 0) {
            r = r.union(rows.build());
        }
        List<Relation> columns = pendingColumns.remove(relation);
        if (columns != null) {
            for (Relation c : columns) {
                r = r.union(c);
            }
        }
        merged.put(relation, r);
        return r;
    }
}
