package io.leapfrog.check;

/** The primitive type a declared type resolves to (through subtypes, aliases and unions). */
public enum BaseType {
    NUMBER, SYMBOL, UNSIGNED, FLOAT;

    public boolean isNumeric() {
        return this != SYMBOL;
    }

    /** The word Souffle uses for this type in source text and messages. */
    public String sourceName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    /** The type's name with its article, for messages: "a number", "an unsigned". */
    public String withArticle() {
        return (this == UNSIGNED ? "an " : "a ") + sourceName();
    }

    /** The primitive type Souffle spells {@code name} ("number", "symbol", "unsigned", "float"), or null. */
    public static BaseType ofSourceName(String name) {
        for (BaseType t : values()) {
            if (t.sourceName().equals(name)) {
                return t;
            }
        }
        return null;
    }
}
