package io.leapfrog.kernels.layout.gen;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the layout definition (the format is described at the top of kernels/src/main/layout/layout.def)
 * and lays out its structs. Every mistake is reported with its file and line: an unknown type or
 * constant, a name declared twice, a field off its natural alignment (a hole the compiler would fill
 * silently), an unterminated block, a check that fails.
 */
final class DefinitionParser {
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Pattern CONST = Pattern.compile("const\\s+(?:(u64)\\s+)?(\\S+)\\s*=\\s*(.+)");
    private static final Pattern FIELD = Pattern.compile("(.*?[\\s*])\\s*([A-Za-z_][A-Za-z0-9_]*)\\s*(?:\\[(.+)\\])?");
    private static final Pattern MEMBER = Pattern.compile("(\\S+)\\s*=\\s*(.+)");
    private static final Set<String> SCALARS = Set.of("int", "unsigned", "long long", "unsigned long long");
    /** Names the generated Java struct classes use themselves (KernelStruct's methods, the head's). */
    private static final Set<String> RESERVED = Set.of("bytes", "align", "cType", "size", "array", "head", "headBytes");

    private final String file;
    private final List<Definition.Item> items = new ArrayList<>();
    private final Map<String, Long> constants = new LinkedHashMap<>();
    private final Map<String, Definition.Struct> structs = new HashMap<>();
    /** Every C name declared so far (constants, enum members, enums, structs, templates), with its line. */
    private final Map<String, Integer> declared = new HashMap<>();
    private List<String> doc = new ArrayList<>();
    private int line;

    private DefinitionParser(String file) {
        this.file = file;
    }

    /** The definition in {@code text}, read from {@code file} (named in errors). */
    static Definition parse(String file, String text) {
        return new DefinitionParser(file).parse(text.split("\r?\n", -1));
    }

    private Definition parse(String[] lines) {
        for (int i = 0; i < lines.length; i++) {
            line = i + 1;
            String raw = lines[i].strip();
            if (raw.startsWith("# ----")) {
                items.add(new Definition.Section(raw.substring("# ----".length()).strip()));
                doc = new ArrayList<>();
                continue;
            }
            if (raw.startsWith("#")) {
                doc.add(raw.substring(1).strip());
                continue;
            }
            if (raw.isEmpty()) {
                doc = new ArrayList<>();
                continue;
            }
            String text = code(raw);
            List<String> itemDoc = withTrailing(doc, raw);
            doc = new ArrayList<>();
            if (text.startsWith("const ")) {
                constant(text, itemDoc);
            } else if (text.startsWith("check ")) {
                check(text.substring("check ".length()), itemDoc);
            } else if (text.startsWith("enum ")) {
                i = enumType(lines, i, text, itemDoc);
            } else if (text.startsWith("struct ")) {
                i = struct(lines, i, text, itemDoc);
            } else {
                throw error("expected const, check, enum or struct, not '" + text + "'");
            }
        }
        return new Definition(List.copyOf(items));
    }

    /** A line without its trailing comment. */
    private static String code(String raw) {
        int hash = raw.indexOf('#');
        return (hash < 0 ? raw : raw.substring(0, hash)).strip();
    }

    /** The comment lines before an item, and its trailing comment after them. */
    private static List<String> withTrailing(List<String> before, String raw) {
        List<String> all = new ArrayList<>(before);
        int hash = raw.indexOf('#');
        if (hash >= 0 && !raw.substring(hash + 1).isBlank()) {
            all.add(raw.substring(hash + 1).strip());
        }
        return List.copyOf(all);
    }

    private DefinitionException error(String message) {
        return new DefinitionException(file, line, message);
    }

    private void declare(String name) {
        if (!NAME.matcher(name).matches()) {
            throw error("'" + name + "' is not a name (letters, digits and _, not starting with a digit)");
        }
        Integer before = declared.putIfAbsent(name, line);
        if (before != null) {
            throw error(name + " is declared twice (first at line " + before + ")");
        }
    }

    private Expr expr(String text) {
        try {
            return Expr.of(text, constants);
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw error(e.getMessage());
        }
    }

    private void constant(String text, List<String> itemDoc) {
        Matcher m = CONST.matcher(text);
        if (!m.matches()) {
            throw error("expected 'const [u64] NAME = EXPR', not '" + text + "'");
        }
        boolean u64 = m.group(1) != null;
        String name = m.group(2);
        declare(name);
        Expr e = expr(m.group(3));
        if (!u64 && (e.value < Integer.MIN_VALUE || e.value > Integer.MAX_VALUE)) {
            throw error(name + " = " + e.value + " does not fit an int: declare it 'const u64'");
        }
        if (u64 && e.value < 0) {
            throw error(name + " = " + e.value + " is negative, and a u64 is not");
        }
        constants.put(name, e.value);
        items.add(new Definition.Constant(name, u64, e, itemDoc));
    }

    private void check(String text, List<String> itemDoc) {
        Expr e = expr(text);
        if (e.value == 0) {
            throw error("the check '" + e.text + "' fails");
        }
        items.add(new Definition.Check(e, itemDoc));
    }

    /** Reads an enum's block from line {@code i}; returns the index of its {@code end} line. */
    private int enumType(String[] lines, int i, String text, List<String> itemDoc) {
        String[] head = text.split("\\s+");
        if (head.length != 3) {
            throw error("expected 'enum NAME PREFIX', not '" + text + "'");
        }
        declare(head[1]);
        String prefix = head[2];
        int start = line;
        List<Definition.Member> members = new ArrayList<>();
        Map<Integer, String> values = new HashMap<>();
        for (i++; ; i++) {
            line = i + 1;
            if (i >= lines.length) {
                throw new DefinitionException(file, start, "enum " + head[1] + " has no 'end'");
            }
            String raw = lines[i].strip();
            if (raw.startsWith("#")) {
                doc.add(raw.substring(1).strip());
                continue;
            }
            String member = code(raw);
            if (member.isEmpty()) {
                doc = new ArrayList<>();
                continue;
            }
            if (member.equals("end")) {
                break;
            }
            Matcher m = MEMBER.matcher(member);
            if (!m.matches()) {
                throw error("expected 'MEMBER = VALUE' or 'end' in enum " + head[1] + ", not '" + member + "'");
            }
            declare(prefix + m.group(1));
            Expr v = expr(m.group(2));
            if (v.value < Integer.MIN_VALUE || v.value > Integer.MAX_VALUE) {
                throw error(m.group(1) + " = " + v.value + " does not fit an int");
            }
            String same = values.put((int) v.value, m.group(1));
            if (same != null) {
                throw error(m.group(1) + " has the value of " + same + " (" + v.value + ")");
            }
            members.add(new Definition.Member(m.group(1), (int) v.value, withTrailing(doc, raw)));
            doc = new ArrayList<>();
        }
        if (members.isEmpty()) {
            throw error("enum " + head[1] + " has no members");
        }
        items.add(new Definition.EnumType(head[1], prefix, List.copyOf(members), itemDoc));
        return i;
    }

    /** Reads a struct's block from line {@code i}, laying it out; returns the index of its {@code end} line. */
    private int struct(String[] lines, int i, String text, List<String> itemDoc) {
        String[] head = text.split("\\s+");
        if (head.length != 2) {
            throw error("expected 'struct NAME', not '" + text + "'");
        }
        String name = head[1];
        declare(name);
        int start = line;
        List<Definition.Field> fields = new ArrayList<>();
        Definition.Head heads = null;
        int end = 0;
        int align = 1;
        for (i++; ; i++) {
            line = i + 1;
            if (i >= lines.length) {
                throw new DefinitionException(file, start, "struct " + name + " has no 'end'");
            }
            String raw = lines[i].strip();
            if (raw.startsWith("#")) {
                doc.add(raw.substring(1).strip());
                continue;
            }
            String field = code(raw);
            if (field.isEmpty()) {
                doc = new ArrayList<>();
                continue;
            }
            if (field.equals("end")) {
                break;
            }
            if (heads != null) {
                throw error("'head' must be the last line of struct " + name);
            }
            if (field.startsWith("head ")) {
                heads = head(name, field, fields);
                continue;
            }
            Definition.Field f = field(name, field, end, withTrailing(doc, raw));
            doc = new ArrayList<>();
            for (Definition.Field g : fields) {
                if (g.name().equals(f.name())) {
                    throw error(name + " has two fields named " + f.name());
                }
            }
            fields.add(f);
            end = f.offset() + f.bytes();
            align = Math.max(align, f.elementAlign());
        }
        if (fields.isEmpty()) {
            throw error("struct " + name + " has no fields");
        }
        if (end % align != 0) {
            throw error("struct " + name + " ends at byte " + end + ", not a multiple of its alignment " + align
                    + ": the compiler would pad it; declare a pad field at its end");
        }
        Definition.Struct s = new Definition.Struct(name, List.copyOf(fields), end, align, heads, itemDoc);
        structs.put(name, s);
        items.add(s);
        return i;
    }

    private Definition.Field field(String struct, String text, int at, List<String> fieldDoc) {
        Matcher m = FIELD.matcher(text);
        if (!m.matches()) {
            throw error("expected a field 'TYPE NAME' or 'TYPE NAME[COUNT]' in struct " + struct + ", not '" + text + "'");
        }
        String type = m.group(1).strip().replaceAll("\\s+", " ").replaceAll("\\s*\\*", "*");
        String name = m.group(2);
        if (RESERVED.contains(name)) {
            throw error("a field may not be named " + name + ": the generated Java uses the name itself");
        }
        Definition.Kind kind;
        Definition.Struct inner = null;
        if (type.endsWith("*")) {
            kind = Definition.Kind.POINTER;
        } else if (SCALARS.contains(type)) {
            kind = type.endsWith("long long") ? Definition.Kind.LONG : Definition.Kind.INT;
        } else if (structs.containsKey(type)) {
            kind = Definition.Kind.STRUCT;
            inner = structs.get(type);
        } else {
            throw error("unknown type '" + type + "' of " + struct + "." + name
                    + ": int, unsigned, long long, unsigned long long, a pointer or a struct declared above");
        }
        Expr count = null;
        if (m.group(3) != null) {
            count = expr(m.group(3));
            if (count.value < 1) {
                throw error(struct + "." + name + " has " + count.value + " elements");
            }
        }
        Definition.Field f = new Definition.Field(name, type, kind, inner, count, at, fieldDoc);
        if (at % f.elementAlign() != 0) {
            throw error(struct + "." + name + " would start at byte " + at + ", not a multiple of its alignment "
                    + f.elementAlign() + ": the compiler would leave a hole; declare a pad field before it");
        }
        return f;
    }

    private Definition.Head head(String struct, String text, List<Definition.Field> fields) {
        String[] h = text.split("\\s+");
        if (h.length != 3) {
            throw error("expected 'head TEMPLATE FIELD', not '" + text + "'");
        }
        declare(h[1]);
        if (fields.isEmpty() || !fields.get(fields.size() - 1).name().equals(h[2]) || !fields.get(fields.size() - 1).array()) {
            throw error("the head's field " + h[2] + " must be the last field of " + struct + ", an array");
        }
        return new Definition.Head(h[1], h[2]);
    }
}
