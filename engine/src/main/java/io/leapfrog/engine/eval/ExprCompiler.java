package io.leapfrog.engine.eval;

import io.leapfrog.ast.Expr;
import io.leapfrog.check.BaseType;
import io.leapfrog.check.ExprTypes;
import io.leapfrog.common.ByteText;
import io.leapfrog.common.FloatArithmetic;
import io.leapfrog.common.FloatCodec;
import io.leapfrog.common.UnsignedArithmetic;
import io.leapfrog.common.UnsignedCodec;
import io.leapfrog.common.SouffleArithmetic;
import io.leapfrog.common.LeapfrogException;
import io.leapfrog.common.NotSupportedException;
import io.leapfrog.exec.storage.ColumnType;
import io.leapfrog.exec.storage.SymbolTable;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntBinaryOperator;
import java.util.function.IntUnaryOperator;
import java.util.function.ToIntFunction;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Compiles AST expressions into {@link IntExpr}s with Souffle semantics. Variables (and aggregates,
 * which the rule compiler turns into variables of their own) are resolved to binding slots by the
 * caller's {@code slots} function. Constant sub-expressions are folded at compile time.
 */
public final class ExprCompiler {

    /** A folded constant; kept as a type so callers can recognise constants. */
    public record Const(int value) implements IntExpr {
        @Override
        public int eval(int[] binding) {
            return value;
        }
    }

    private final SymbolTable symbols;
    private final ToIntFunction<Expr> slots;
    private final Map<String, BaseType> types;
    private final java.util.function.IntSupplier counter;
    private final Map<String, Pattern> patternCache = new ConcurrentHashMap<>();

    /** The one-argument conversions between numbers, floats and unsigned values, on column values. */
    private static final Map<String, IntUnaryOperator> CONVERSIONS = Map.of(
            "itof", FloatArithmetic::fromNumber,
            "ftoi", FloatArithmetic::toNumber,
            "itou", UnsignedArithmetic::fromNumber,
            "utoi", UnsignedArithmetic::toNumber,
            "utof", UnsignedArithmetic::toFloat,
            "ftou", UnsignedArithmetic::fromFloat);

    /**
     * @param slots the binding slot of a {@link Expr.Var} or {@link Expr.Aggregate}; a negative answer
     *              means the variable is not bound there (an internal error: the checker rejects it)
     * @param types the base type of each variable (absent: number); float expressions compute on floats
     */
    public ExprCompiler(SymbolTable symbols, ToIntFunction<Expr> slots, Map<String, BaseType> types) {
        this(symbols, slots, types, null);
    }

    /** @param counter the values of Souffle's {@code $} counter (null: {@code $} is not supported here) */
    public ExprCompiler(SymbolTable symbols, ToIntFunction<Expr> slots, Map<String, BaseType> types,
                        java.util.function.IntSupplier counter) {
        this.symbols = symbols;
        this.slots = slots;
        this.types = types;
        this.counter = counter;
    }

    public IntExpr compile(Expr e) {
        return compile(e, null);
    }

    /**
     * Compiles {@code e} where a value of type {@code expected} is needed (null: any): a number constant
     * where a float is expected is that float, as in Souffle ({@code x < 2} for a float x).
     */
    public IntExpr compile(Expr e, BaseType expected) {
        IntExpr c = compileRaw(e, expected);
        if (c instanceof Const || !isConstant(e)) {
            return c;
        }
        return new Const(c.eval(new int[0]));
    }

    /** The base type of {@code e} here (number when nothing says otherwise). */
    public BaseType typeOf(Expr e) {
        if (e instanceof Expr.NumberConst n && (n.value() > Integer.MAX_VALUE || n.isUnsigned())) {
            // a constant past the signed range (the parser refuses past 2^32 - 1) is an unsigned value, e.g.
            // both sides of c = c once the planner has put c for x in x = c
            return BaseType.UNSIGNED;
        }
        BaseType t = ExprTypes.typeOf(e, types);
        return t == null ? BaseType.NUMBER : t;
    }

    private boolean isFloat(Expr e, BaseType expected) {
        return expected == BaseType.FLOAT || ExprTypes.typeOf(e, types) == BaseType.FLOAT;
    }

    private boolean isUnsigned(Expr e, BaseType expected) {
        return expected == BaseType.UNSIGNED || ExprTypes.typeOf(e, types) == BaseType.UNSIGNED;
    }

    /**
     * A number constant as a column value of the type it takes here (float, unsigned or number), as
     * Souffle's type checker allows it: a {@code 5u} only as an unsigned, a binary one not as a float
     * (Souffle reads a float constant's text with stof), a negative one (-0 too) not as an unsigned.
     */
    private static int constant(Expr.NumberConst n, BaseType expected) {
        long v = n.value();
        if (n.isUnsigned()) {
            if (expected == BaseType.NUMBER || expected == BaseType.FLOAT) {
                throw new LeapfrogException(n.pos() + ": error: the unsigned constant " + n.text() + " is used as "
                        + expected.withArticle() + "; write it without the suffix u, or convert it");
            }
            expected = BaseType.UNSIGNED;
        }
        if (expected == BaseType.FLOAT) {
            if (n.text().contains("0b")) {
                throw new LeapfrogException(n.pos() + ": error: the binary constant " + n.text() + " is used as a"
                        + " float, which Souffle does not read in binary; write it in decimal or 0x hexadecimal");
            }
            return FloatCodec.encode((float) v);
        }
        if (expected == BaseType.UNSIGNED) {
            if (v < 0 || v > UnsignedCodec.MAX || n.text().startsWith("-")) {
                throw new LeapfrogException(n.pos() + ": error: the constant " + n.text() + " is used as an unsigned"
                        + " value, which must be in 0.." + UnsignedCodec.MAX + " and written without a sign");
            }
            return UnsignedCodec.encode((int) v);
        }
        if (v > Integer.MAX_VALUE) {
            throw new LeapfrogException(n.pos() + ": error: the constant " + v + " is used as a number, which is"
                    + " 32-bit signed (up to 2147483647); only an unsigned or a float value takes it: declare the column"
                    + " unsigned or float, or compare or combine it with unsigned values");
        }
        return (int) v;
    }

    static boolean isConstant(Expr e) {
        if (e instanceof Expr.NumberConst || e instanceof Expr.FloatConst || e instanceof Expr.StringConst) {
            return true;
        }
        if (e instanceof Expr.Binary b) {
            return isConstant(b.left()) && isConstant(b.right());
        }
        if (e instanceof Expr.Unary u) {
            return isConstant(u.operand());
        }
        if (e instanceof Expr.Functor f) {
            return f.args().stream().allMatch(ExprCompiler::isConstant);
        }
        return false;
    }

    private IntExpr compileRaw(Expr e, BaseType expected) {
        if (e instanceof Expr.NumberConst n) {
            return new Const(constant(n, expected));
        }
        if (e instanceof Expr.FloatConst f) {
            return new Const(FloatCodec.encode(f.value()));
        }
        if (e instanceof Expr.StringConst s) {
            return new Const(symbols.intern(s.value()));
        }
        if (e instanceof Expr.Var || e instanceof Expr.Aggregate) {
            int slot = slots.applyAsInt(e);
            if (slot < 0) {
                throw new LeapfrogException(e.pos() + ": error: " + describe(e) + " is not bound here. "
                        + "Bind it with a positive body atom or an equality.");
            }
            return b -> b[slot];
        }
        if (e instanceof Expr.Wildcard) {
            throw new LeapfrogException(e.pos() + ": error: '_' cannot be used inside an expression");
        }
        if (e instanceof Expr.Counter) {
            if (counter == null) {
                throw new NotSupportedException("not supported: the counter '$' here (" + e.pos() + "); it is"
                        + " supported in rule heads");
            }
            java.util.function.IntSupplier next = counter;
            return b -> next.getAsInt();
        }
        if (e instanceof Expr.Binary bin) {
            if (isFloat(bin, expected)) {
                return binary(FloatArithmetic.binary(bin.op()), compile(bin.left(), BaseType.FLOAT),
                        compile(bin.right(), BaseType.FLOAT));
            }
            if (isUnsigned(bin, expected)) {
                return binary(UnsignedArithmetic.binary(bin.op()), compile(bin.left(), BaseType.UNSIGNED),
                        compile(bin.right(), BaseType.UNSIGNED));
            }
            return binary(bin.op(), compile(bin.left()), compile(bin.right()));
        }
        if (e instanceof Expr.Unary u) {
            if (isFloat(u, expected)) {
                if (!u.op().equals("-")) {
                    throw new IllegalArgumentException("operator " + u.op() + " is not defined on floats");
                }
                IntExpr a = compile(u.operand(), BaseType.FLOAT);
                return b -> FloatArithmetic.negate(a.eval(b));
            }
            if (isUnsigned(u, expected)) {
                IntExpr a = compile(u.operand(), BaseType.UNSIGNED);
                IntUnaryOperator op = UnsignedArithmetic.unary(u.op());
                return b -> op.applyAsInt(a.eval(b));
            }
            IntExpr a = compile(u.operand());
            IntUnaryOperator op = SouffleArithmetic.unary(u.op()); // looked up (and validated) once
            return b -> op.applyAsInt(a.eval(b));
        }
        if (e instanceof Expr.Functor f) {
            return functor(f, expected);
        }
        throw new IllegalStateException("unexpected expression " + e);
    }

    private static String describe(Expr e) {
        return e instanceof Expr.Var v ? "variable '" + v.name() + "'" : "aggregate";
    }

    private static IntExpr binary(String op, IntExpr l, IntExpr r) {
        switch (op) {
            case "+": return b -> l.eval(b) + r.eval(b);
            case "-": return b -> l.eval(b) - r.eval(b);
            case "*": return b -> l.eval(b) * r.eval(b);
            default:
                return binary(SouffleArithmetic.binary(op), l, r); // looked up (and validated) once
        }
    }

    private static IntExpr binary(IntBinaryOperator op, IntExpr l, IntExpr r) {
        return b -> op.applyAsInt(l.eval(b), r.eval(b));
    }

    private IntExpr functor(Expr.Functor f, BaseType expected) {
        if (ExprTypes.isCast(f)) {
            return compile(f.args().get(0), expected); // a cast within one base type: the value itself
        }
        List<Expr> args = f.args();
        IntExpr[] a = new IntExpr[args.size()];
        // min and max compare floats and unsigned values as their column values (the codecs keep the
        // order), but a number constant among such arguments must become one first; so must the
        // constant argument of a conversion from floats or unsigned values
        BaseType common = switch (f.name()) {
            case "min", "max" -> isFloat(f, expected) ? BaseType.FLOAT : isUnsigned(f, expected) ? BaseType.UNSIGNED : null;
            case "utoi", "utof" -> BaseType.UNSIGNED; // a constant argument is the conversion's input type
            case "ftoi", "ftou" -> BaseType.FLOAT;
            default -> null;
        };
        for (int i = 0; i < a.length; i++) {
            a[i] = compile(args.get(i), common);
        }
        String name = f.name();
        IntUnaryOperator conversion = CONVERSIONS.get(name);
        if (conversion == null && a.length == 1) {
            conversion = overloadedConversion(name, typeOf(args.get(0)));
        }
        if (conversion != null) {
            arity(f, 1);
            IntExpr x = a[0];
            IntUnaryOperator op = conversion;
            return b -> {
                try {
                    return op.applyAsInt(x.eval(b));
                } catch (LeapfrogException e) {
                    throw at(f, e);
                }
            };
        }
        if ((name.equals("min") || name.equals("max")) && typeOf(f) == BaseType.SYMBOL) {
            return symbolExtremum(a, name.equals("max"));
        }
        switch (name) {
            case "cat":
                return b -> {
                    StringBuilder sb = new StringBuilder();
                    for (IntExpr x : a) {
                        sb.append(symbols.symbol(x.eval(b)));
                    }
                    return symbols.intern(sb.toString());
                };
            case "strlen":
                arity(f, 1);
                return b -> byteLength(symbols.symbol(a[0].eval(b)));
            case "substr":
                arity(f, 3);
                return b -> symbols.intern(substr(symbols.symbol(a[0].eval(b)), a[1].eval(b), a[2].eval(b)));
            case "contains":
                arity(f, 2);
                return b -> symbols.symbol(a[1].eval(b)).contains(symbols.symbol(a[0].eval(b))) ? 1 : 0;
            case "match":
                arity(f, 2);
                return b -> pattern(symbols.symbol(a[0].eval(b)), f).matcher(symbols.symbol(a[1].eval(b))).matches() ? 1 : 0;
            case "to_string": {
                arity(f, 1);
                BaseType type = typeOf(args.get(0));
                if (type == BaseType.SYMBOL) {
                    return a[0];
                }
                if (type == BaseType.FLOAT) {   // std::to_string: C's %f, not the outputs' 6 significant digits
                    return b -> symbols.intern(FloatArithmetic.text(FloatCodec.decode(a[0].eval(b))));
                }
                ColumnType column = ColumnType.fromName(type.sourceName());
                return b -> symbols.intern(column.format(a[0].eval(b), symbols));
            }
            case "ord":
                arity(f, 1);
                // Souffle's ord is the value's 32 bits as a number: a symbol's ordinal (its interned number here),
                // a float's IEEE bits, an unsigned value's bits, not the columns' order-keeping codes
                return switch (typeOf(args.get(0))) {
                    case FLOAT -> b -> Float.floatToRawIntBits(FloatCodec.decode(a[0].eval(b)));
                    case UNSIGNED -> b -> UnsignedCodec.decode(a[0].eval(b));
                    case NUMBER, SYMBOL -> a[0];
                };
            case "min":
                return b -> {
                    int m = a[0].eval(b);
                    for (int i = 1; i < a.length; i++) {
                        m = Math.min(m, a[i].eval(b));
                    }
                    return m;
                };
            case "max":
                return b -> {
                    int m = a[0].eval(b);
                    for (int i = 1; i < a.length; i++) {
                        m = Math.max(m, a[i].eval(b));
                    }
                    return m;
                };
            default:
                throw new NotSupportedException("not supported: the functor '" + name + "' (" + f.pos() + ")");
        }
    }

    /**
     * Souffle's to_float, to_number and to_unsigned take a value of any base type (its FunctorOps: S2F,
     * U2F, I2F, F2F, ...): a symbol's text is read as the functors read numbers, a number, float or unsigned
     * value is converted as ftoi, utof, ... convert it. Null for another functor.
     */
    private IntUnaryOperator overloadedConversion(String name, BaseType from) {
        return switch (name) {
            case "to_float" -> switch (from) {
                case SYMBOL -> v -> FloatArithmetic.parse(symbols.symbol(v));
                case NUMBER -> FloatArithmetic::fromNumber;
                case UNSIGNED -> UnsignedArithmetic::toFloat;
                case FLOAT -> IntUnaryOperator.identity();
            };
            case "to_number" -> switch (from) {
                case SYMBOL -> v -> SouffleArithmetic.toNumber(symbols.symbol(v));
                case FLOAT -> FloatArithmetic::toNumber;
                case UNSIGNED -> UnsignedArithmetic::toNumber;
                case NUMBER -> IntUnaryOperator.identity();
            };
            case "to_unsigned" -> switch (from) {
                case SYMBOL -> v -> UnsignedArithmetic.parse(symbols.symbol(v));
                case FLOAT -> UnsignedArithmetic::fromFloat;
                case NUMBER -> UnsignedArithmetic::fromNumber;
                case UNSIGNED -> IntUnaryOperator.identity();
            };
            default -> null;
        };
    }

    /** min or max of symbols: Souffle compares their texts here (bytewise), not their ordinals as comparisons do. */
    private IntExpr symbolExtremum(IntExpr[] a, boolean max) {
        return b -> {
            int m = a[0].eval(b);
            byte[] best = ByteText.encode(symbols.symbol(m));
            for (int i = 1; i < a.length; i++) {
                int v = a[i].eval(b);
                byte[] text = ByteText.encode(symbols.symbol(v));
                int c = Arrays.compareUnsigned(text, best);
                if (max ? c > 0 : c < 0) {
                    m = v;
                    best = text;
                }
            }
            return m;
        };
    }

    /** A conversion's error at the functor's place in the program. */
    private static LeapfrogException at(Expr.Functor f, LeapfrogException e) {
        String message = e.getMessage();
        return message.startsWith("error: ") ? new LeapfrogException(f.pos() + ": " + message) : e;
    }

    private static void arity(Expr.Functor f, int n) {
        if (f.args().size() != n) {
            throw new LeapfrogException(f.pos() + ": error: " + f.name() + " takes " + n + " argument(s), got "
                    + f.args().size());
        }
    }

    /** Souffle's strlen: the symbol's bytes (UTF-8, an escaped byte one), not its characters. */
    static int byteLength(String s) {
        return isAscii(s) ? s.length() : ByteText.encode(s).length;
    }

    /**
     * Souffle's substr, over the symbol's bytes: out-of-range starts give the empty string; the length is
     * clipped. A cut inside a multi-byte character keeps the bytes cut off (as escapes, {@link ByteText}), so
     * the output has exactly Souffle's bytes.
     */
    static String substr(String s, int start, int len) {
        if (isAscii(s)) {
            if (start < 0 || start > s.length() || len < 0) {
                return "";
            }
            return s.substring(start, (int) Math.min((long) start + len, s.length()));
        }
        byte[] bytes = ByteText.encode(s);
        if (start < 0 || start > bytes.length || len < 0) {
            return "";
        }
        return ByteText.decode(bytes, start, (int) Math.min((long) start + len, bytes.length));
    }

    private static boolean isAscii(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }

    private Pattern pattern(String regex, Expr.Functor where) {
        return patternCache.computeIfAbsent(regex, r -> {
            try {
                return Pattern.compile(posixClasses(r));
            } catch (PatternSyntaxException e) {
                throw new LeapfrogException(where.pos() + ": error: invalid regular expression \"" + r + "\": "
                        + e.getDescription());
            }
        });
    }

    /** C++ std::regex (Souffle's) accepts POSIX classes such as [[:digit:]]; Java spells them \p{Digit}. */
    static String posixClasses(String regex) {
        String[][] classes = {{"alnum", "Alnum"}, {"alpha", "Alpha"}, {"digit", "Digit"}, {"lower", "Lower"},
                {"upper", "Upper"}, {"space", "Space"}, {"punct", "Punct"}, {"xdigit", "XDigit"},
                {"blank", "Blank"}, {"cntrl", "Cntrl"}, {"graph", "Graph"}, {"print", "Print"}};
        String out = regex;
        for (String[] c : classes) {
            out = out.replace("[:" + c[0] + ":]", "\\p{" + c[1] + "}");
        }
        return out;
    }
}
