package io.leapfrog.engine.eval;

import io.leapfrog.common.FloatCodec;

/**
 * Souffle's float operators on column values ({@link FloatCodec}): + - * / and ^ in 32-bit float
 * arithmetic (IEEE: division by zero gives an infinity, as in Souffle's C++), unary minus.
 */
final class FloatArithmetic {
    private FloatArithmetic() {
    }

    static IntExpr binary(String op, IntExpr l, IntExpr r) {
        return switch (op) {
            case "+" -> b -> FloatCodec.encode(FloatCodec.decode(l.eval(b)) + FloatCodec.decode(r.eval(b)));
            case "-" -> b -> FloatCodec.encode(FloatCodec.decode(l.eval(b)) - FloatCodec.decode(r.eval(b)));
            case "*" -> b -> FloatCodec.encode(FloatCodec.decode(l.eval(b)) * FloatCodec.decode(r.eval(b)));
            case "/" -> b -> FloatCodec.encode(FloatCodec.decode(l.eval(b)) / FloatCodec.decode(r.eval(b)));
            case "^" -> b -> FloatCodec.encode((float) Math.pow(FloatCodec.decode(l.eval(b)), FloatCodec.decode(r.eval(b))));
            default -> throw new IllegalArgumentException("operator " + op + " is not defined on floats");
        };
    }

    static IntExpr unary(String op, IntExpr a) {
        if (!op.equals("-")) {
            throw new IllegalArgumentException("operator " + op + " is not defined on floats");
        }
        return b -> FloatCodec.encode(-FloatCodec.decode(a.eval(b)));
    }
}
