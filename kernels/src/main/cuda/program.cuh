// A number computed per binding for a reduction (sum x * w : {...}): the evaluation of a short postfix
// program (LfProgram, its opcodes LfProgramOp and errors LfError in layout.def), the device side of
// io.leapfrog.exec.join.ValueProgram, with Souffle's 32-bit semantics (two's complement wraparound,
// C++/Java truncating division, shift counts taken mod 32, integer power, logical operators giving 0 or
// 1). A reduction kernel gets the program by value as a kernel parameter.
#pragma once
#include "plan.cuh"

#include <climits>

#include <cstring>

// FloatCodec.decode / encode (common/src/main/java/io/leapfrog/common/FloatCodec.java): a float's IEEE
// bits with the low 31 flipped for negative values, so that the ints sort as the floats; -0.0 is 0.0
// and every NaN is Java's canonical 0x7fc00000.
LF_HD float lf_float_decode(int v) {
    int bits = v >= 0 ? v : v ^ 0x7fffffff;
    float f;
    memcpy(&f, &bits, 4);
    return f;
}

LF_HD int lf_float_encode(float f) {
    if (f == 0.0f) return 0;
    int bits;
    memcpy(&bits, &f, 4);
    if (f != f) bits = 0x7fc00000;
    return bits >= 0 ? bits : bits ^ 0x7fffffff;
}

// Float operations rounded once each, as Java evaluates them (no fused multiply-add on the device).
LF_HD float lf_fadd(float a, float b) {
#ifdef __CUDA_ARCH__
    return __fadd_rn(a, b);
#else
    return a + b;
#endif
}

LF_HD float lf_fmul(float a, float b) {
#ifdef __CUDA_ARCH__
    return __fmul_rn(a, b);
#else
    return a * b;
#endif
}

LF_HD float lf_fdiv(float a, float b) {
#ifdef __CUDA_ARCH__
    return __fdiv_rn(a, b);
#else
    return a / b;
#endif
}

// Java's (int) of a float: toward zero, saturating, NaN to 0.
LF_HD int lf_ftoi(float f) {
    if (f != f) return 0;
    if (f >= 2147483647.0f) return 2147483647;
    if (f <= -2147483648.0f) return (-2147483647 - 1);
    return (int) f;
}

LF_HD int lf_wrap(unsigned x) {
    return (int) x;
}

// a ^ b as SouffleArithmetic.power: wrapping; a negative exponent truncates toward zero.
LF_HD int lf_power(int base, int exp) {
    if (exp < 0) return base == 1 ? 1 : base == -1 ? ((exp & 1) == 0 ? 1 : -1) : 0;
    unsigned result = 1, b = (unsigned) base;
    for (int e = exp; e > 0; e >>= 1) {
        if (e & 1) result *= b;
        b *= b;
    }
    return lf_wrap(result);
}

// One binary operator; a zero divisor sets err and errArg (the numerator) and gives 0.
LF_HD int lf_binary(int op, int a, int b, int& err, int& errArg) {
    unsigned ua = (unsigned) a, ub = (unsigned) b;
    switch (op) {
        case LF_OP_ADD: return lf_wrap(ua + ub);
        case LF_OP_SUB: return lf_wrap(ua - ub);
        case LF_OP_MUL: return lf_wrap(ua * ub);
        case LF_OP_DIV:
            if (b == 0) { err = LF_ERR_DIV_ZERO; errArg = a; return 0; }
            return b == -1 ? lf_wrap(0u - ua) : a / b;        // INT_MIN / -1 wraps, as in Java
        case LF_OP_MOD:
            if (b == 0) { err = LF_ERR_MOD_ZERO; errArg = a; return 0; }
            return b == -1 ? 0 : a % b;
        case LF_OP_POW: return lf_power(a, b);
        case LF_OP_BAND: return a & b;
        case LF_OP_BOR: return a | b;
        case LF_OP_BXOR: return a ^ b;
        case LF_OP_BSHL: return lf_wrap(ua << (b & 31));
        case LF_OP_BSHR: return a >> (b & 31);                // arithmetic, as Java's >>
        case LF_OP_BSHRU: return lf_wrap(ua >> (b & 31));
        case LF_OP_LAND: return (a != 0 && b != 0) ? 1 : 0;
        case LF_OP_LOR: return (a != 0 || b != 0) ? 1 : 0;
        case LF_OP_LXOR: return ((a != 0) != (b != 0)) ? 1 : 0;
        case LF_OP_MIN: return a < b ? a : b;
        case LF_OP_EQ: return a == b ? 1 : 0;
        case LF_OP_FADD: return lf_float_encode(lf_fadd(lf_float_decode(a), lf_float_decode(b)));
        case LF_OP_FSUB: return lf_float_encode(lf_fadd(lf_float_decode(a), -lf_float_decode(b)));
        case LF_OP_FMUL: return lf_float_encode(lf_fmul(lf_float_decode(a), lf_float_decode(b)));
        case LF_OP_FDIV: return lf_float_encode(lf_fdiv(lf_float_decode(a), lf_float_decode(b)));
        default: return a > b ? a : b;                        // LF_OP_MAX
    }
}

LF_HD int lf_unary(int op, int a) {
    switch (op) {
        case LF_OP_NEG: return lf_wrap(0u - (unsigned) a);
        case LF_OP_BNOT: return ~a;
        case LF_OP_FNEG: return lf_float_encode(-lf_float_decode(a));
        case LF_OP_ITOF: return lf_float_encode((float) a);
        case LF_OP_FTOI: return lf_ftoi(lf_float_decode(a));
        default: return a == 0 ? 1 : 0;                       // LF_OP_LNOT
    }
}

// Whether an opcode takes one operand (the unary operators and conversions).
LF_HD bool lf_op_unary(int op) {
    return op == LF_OP_NEG || op == LF_OP_BNOT || op == LF_OP_LNOT || op == LF_OP_FNEG || op == LF_OP_ITOF
        || op == LF_OP_FTOI;
}

// Whether a binding passes a reduction's filter: the empty program (n == 0) keeps every binding.
template <class Var>
LF_HD bool lf_program_keeps(const LfProgram& keep, Var var, int& err, int& errArg);

// The program's value for one binding; var(l) reads level l. A single variable is read directly.
template <class Var>
LF_HD int lf_program_eval(const LfProgram& p, Var var, int& err, int& errArg) {
    if (p.n == 1 && p.op[0] == LF_OP_VAR) return var(p.arg[0]);
    int stack[LF_PROGRAM_STACK];
    int top = 0;
    for (int i = 0; i < p.n; i++) {
        int op = p.op[i];
        if (op == LF_OP_VAR) {
            stack[top++] = var(p.arg[i]);
        } else if (op == LF_OP_CONST) {
            stack[top++] = p.arg[i];
        } else if (lf_op_unary(op)) {
            stack[top - 1] = lf_unary(op, stack[top - 1]);
        } else {
            top--;
            stack[top - 1] = lf_binary(op, stack[top - 1], stack[top], err, errArg);
        }
    }
    return stack[0];
}

template <class Var>
LF_HD bool lf_program_keeps(const LfProgram& keep, Var var, int& err, int& errArg) {
    return keep.n == 0 || lf_program_eval(keep, var, err, errArg) != 0;
}
