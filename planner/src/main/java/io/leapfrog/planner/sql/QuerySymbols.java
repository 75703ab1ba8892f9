package io.leapfrog.planner.sql;

import io.leapfrog.exec.storage.SymbolTable;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The symbols of one run of a SQL join: the catalog's symbol table, plus the strings that an evaluated
 * input of the join computed and the table does not hold (numbered -1, -2, ...: the catalog stays
 * unchanged, and equal strings still get equal numbers, which is all a join on them needs). Encoding
 * happens before the join starts; decoding, from the join's worker threads, only reads.
 */
public final class QuerySymbols {
    private final SymbolTable table;
    private final Map<String, Integer> ownIds = new HashMap<>();
    private final List<String> own = new ArrayList<>();

    QuerySymbols(SymbolTable table) {
        this.table = table;
    }

    /** The number of {@code s}: the table's, or one of this query's own. */
    int encode(String s) {
        int id = table.lookup(s);
        if (id >= 0) {
            return id;
        }
        return ownIds.computeIfAbsent(s, k -> {
            own.add(k);
            return -own.size();
        });
    }

    /** The string numbered {@code id}. */
    public String symbol(int id) {
        return id >= 0 ? table.symbol(id) : own.get(-id - 1);
    }
}
