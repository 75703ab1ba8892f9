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

    private final Map<String, TableInfo> tables = new LinkedHashMap<>();
    private final SymbolTable symbols;

    public Catalog(List<TableInfo> tables, SymbolTable symbols) {
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
}
