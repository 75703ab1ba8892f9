package io.leapfrog.engine;

import io.leapfrog.common.LeapfrogException;
import io.leapfrog.engine.eval.FilterRelation;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.SymbolTable;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The evaluated relations of one run, by name, with their column names and base types ("number" or
 * "symbol") and the symbol table that renders symbol columns. Immutable and thread-safe: SQL and
 * REPL queries read it concurrently.
 */
public final class Database {

    /** One relation's schema: column names and base types, in column order. */
    public record Schema(String name, List<String> columnNames, List<String> columnTypes) {
        public Schema {
            columnNames = List.copyOf(columnNames);
            columnTypes = List.copyOf(columnTypes);
        }

        public int arity() {
            return columnNames.size();
        }

        public boolean isSymbol(int column) {
            return "symbol".equals(columnTypes.get(column));
        }
    }

    private final Map<String, Relation> relations;
    private final Map<String, Schema> schemas;
    private final SymbolTable symbols;
    private final LoadedProgram program;
    private final java.util.Set<String> countedOnly;
    private final Map<String, FilterRelation> filters;

    Database(Map<String, Relation> relations, Map<String, Schema> schemas, SymbolTable symbols, LoadedProgram program,
             java.util.Set<String> countedOnly, Map<String, FilterRelation> filters) {
        this.countedOnly = java.util.Set.copyOf(countedOnly);
        this.filters = Map.copyOf(filters);
        this.relations = Collections.unmodifiableMap(new TreeMap<>(relations));
        this.schemas = Collections.unmodifiableMap(new TreeMap<>(schemas));
        this.symbols = symbols;
        this.program = program;
    }

    /** Relations that were counted for {@code .printsize} (count push-down) and hold no tuples here. */
    public java.util.Set<String> countedOnly() {
        return countedOnly;
    }

    /** Names of every declared relation, sorted. */
    public SortedSet<String> relationNames() {
        return new TreeSet<>(schemas.keySet());
    }

    public boolean hasRelation(String name) {
        return schemas.containsKey(name);
    }

    /**
     * The number of tuples of {@code name} (of a filter relation, the estimate: its distinct fingerprints);
     * LeapfrogException if no such relation is declared or it was only counted.
     */
    public long size(String name) {
        FilterRelation f = filter(name);
        return f != null ? f.estimatedSize() : relation(name).size();
    }

    /** The filter of a relation declared {@code filter} (test it in a query: {@code ?- probe(x), seen(x)}), else null. */
    public FilterRelation filter(String name) {
        return filters.get(name);
    }

    /** The tuples of {@code name}; LeapfrogException if no such relation is declared or it is a filter relation. */
    public Relation relation(String name) {
        schema(name);
        if (filters.containsKey(name)) {
            throw new LeapfrogException("error: relation '" + name + "' is a filter relation: it keeps fingerprints of"
                    + " its tuples, not the tuples. Test membership with its arguments bound, e.g. ?- probe(x), "
                    + name + "(x, ...)");
        }
        if (countedOnly.contains(name)) {
            throw new LeapfrogException("error: relation '" + name + "' was only counted for .printsize and never "
                    + "materialised. Add '.output " + name + "' to the program to keep its tuples.");
        }
        return relations.get(name);
    }

    public Schema schema(String name) {
        Schema s = schemas.get(name);
        if (s == null) {
            throw new LeapfrogException("error: unknown relation '" + name + "'. Known relations: "
                    + String.join(", ", schemas.keySet()));
        }
        return s;
    }

    public SymbolTable symbols() {
        return symbols;
    }

    /** The program this database was evaluated from. */
    public LoadedProgram program() {
        return program;
    }

    /** A value as Souffle prints it: a number in decimal, a symbol as its string, a float as Souffle writes floats. */
    public String render(String relation, int column, int value) {
        return io.leapfrog.exec.storage.ColumnType.fromName(schema(relation).columnTypes().get(column)).format(value, symbols);
    }

    /** The relation's rows as tab-separated lines, in the relation's sorted (numeric/symbol id) order. */
    public List<String> lines(String name) {
        return io.leapfrog.engine.eval.FactFiles.lines(relation(name), schema(name).columnTypes(), symbols, "\t");
    }
}
