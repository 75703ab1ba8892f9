package io.leapfrog.planner.sql;

import io.leapfrog.common.LeapfrogException;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.SymbolTable;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The tables SQL can read: each Datalog relation with its column names (the {@code .decl} attribute
 * names) and kinds, and the symbol table that turns symbol columns' ints back into strings.
 * Table names are matched without regard to case. Immutable.
 */
public final class Catalog {

    /** One table: {@code data} holds its tuples; column {@code i} is named {@code columns.get(i)}. */
    public record TableInfo(String name, List<String> columns, List<ColumnKind> kinds, Relation data) {
        public TableInfo {
            columns = List.copyOf(columns);
            kinds = List.copyOf(kinds);
            if (columns.size() != kinds.size()) {
                throw new IllegalArgumentException("table " + name + ": " + columns.size() + " columns but "
                        + kinds.size() + " kinds");
            }
        }
    }

    /**
     * The filter relations a query may test with {@code might_contain('name', v1, ...)}: whether the tuple of
     * those SQL values may be in the named one; null when there is no such relation.
     */
    @FunctionalInterface
    public interface Filters {
        Filters NONE = name -> null;

        /** The membership test of filter relation {@code name} (names ignore case), or null. */
        java.util.function.Predicate<List<Object>> filter(String name);
    }

    private final Map<String, TableInfo> tables = new LinkedHashMap<>();
    private final SymbolTable symbols;
    private final Filters filters;

    public Catalog(List<TableInfo> tables, SymbolTable symbols) {
        this(tables, symbols, Filters.NONE);
    }

    /** With {@code filters}, the filter relations {@code might_contain} tests. */
    public Catalog(List<TableInfo> tables, SymbolTable symbols, Filters filters) {
        this.filters = filters;
        for (TableInfo t : tables) {
            if (this.tables.put(t.name().toLowerCase(Locale.ROOT), t) != null) {
                throw new IllegalArgumentException("two tables named " + t.name() + " (names ignore case)");
            }
        }
        this.symbols = symbols;
    }

    public List<TableInfo> tables() {
        return new ArrayList<>(tables.values());
    }

    public TableInfo table(String name) {
        TableInfo t = tables.get(name.toLowerCase(Locale.ROOT));
        if (t == null) {
            throw new LeapfrogException("error: unknown table '" + name + "'. Known tables: "
                    + String.join(", ", tables.keySet()));
        }
        return t;
    }

    public SymbolTable symbols() {
        return symbols;
    }

    public Filters filters() {
        return filters;
    }
}
