package io.leapfrog.planner.sql;

/** A column's base type: a 32-bit number, or a symbol interned in the catalog's symbol table. */
public enum ColumnKind { NUMBER, SYMBOL }
