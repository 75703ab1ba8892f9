package io.leapfrog.kernels.layout.gen;

import java.util.List;

/**
 * What the layout definition declares, in its order: constants, checks, enums and structs, each with the
 * comment lines written just before it. Structs carry their computed layout (offsets, size, alignment),
 * which the generated C asserts and the generated Java uses.
 */
record Definition(List<Item> items) {

    /** One declaration of the definition. */
    sealed interface Item permits Section, Constant, Check, EnumType, Struct {
        List<String> doc();
    }

    /** A {@code # ---- title} line: a heading of the generated header, documenting nothing by itself. */
    record Section(String title) implements Item {
        @Override
        public List<String> doc() {
            return List.of();
        }
    }

    /** {@code const [u64] NAME = EXPR}. */
    record Constant(String name, boolean u64, Expr expr, List<String> doc) implements Item {
    }

    /** {@code check EXPR}: a condition the generator and the C compiler both check. */
    record Check(Expr expr, List<String> doc) implements Item {
    }

    /** {@code enum NAME PREFIX}: members named PREFIX + member in C. */
    record EnumType(String name, String prefix, List<Member> members, List<String> doc) implements Item {
    }

    record Member(String name, int value, List<String> doc) {
    }

    /**
     * {@code struct NAME}: its fields at their offsets, its size and alignment, and (with {@code head}) the
     * template of its heads: the struct with room for V entries of its last field.
     */
    record Struct(String name, List<Field> fields, int size, int align, Head head, List<String> doc) implements Item {
        Field field(String name) {
            for (Field f : fields) {
                if (f.name().equals(name)) {
                    return f;
                }
            }
            return null;
        }
    }

    /** {@code head TEMPLATE FIELD}. */
    record Head(String template, String field) {
    }

    /** What a field holds, and how many bytes one element takes. */
    enum Kind {
        /** int or unsigned: a Java int. */
        INT(4),
        /** long long or unsigned long long: a Java long. */
        LONG(8),
        /** A device (or mapped host) address: a Java long. */
        POINTER(8),
        /** A struct declared before. */
        STRUCT(0);

        final int bytes;

        Kind(int bytes) {
            this.bytes = bytes;
        }
    }

    /**
     * A field: its C type as written, its kind ({@code struct} for STRUCT), its element count (1 unless
     * an array; {@code count} is the count's expression, null for a single element) and its offset.
     */
    record Field(String name, String type, Kind kind, Struct struct, Expr count, int offset, List<String> doc) {
        boolean array() {
            return count != null;
        }

        int elements() {
            return count == null ? 1 : (int) count.value;
        }

        int elementBytes() {
            return kind == Kind.STRUCT ? struct.size() : kind.bytes;
        }

        int elementAlign() {
            return kind == Kind.STRUCT ? struct.align() : kind.bytes;
        }

        int bytes() {
            return elements() * elementBytes();
        }

        /** Padding: declared so that no hole is left between fields, and neither read nor written from Java. */
        boolean pad() {
            return name.matches("pad[0-9]*");
        }
    }
}
