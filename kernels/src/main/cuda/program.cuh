// A number computed per binding for a reduction (sum x * w : {...}): a short postfix program, the
// device side of io.leapfrog.exec.join.ValueProgram, with the same opcodes and Souffle's 32-bit
// semantics (two's complement wraparound, C++/Java truncating division, shift counts taken mod 32,
// integer power, logical operators giving 0 or 1). A reduction kernel gets it by value as a kernel
// parameter; the layout is mirrored by ValuePrograms.java (encode) and checked below.
#pragma once
#include "plan.cuh"

#include <climits>

#define LF_MAX_PROGRAM 32
#define LF_PROGRAM_STACK 8

struct LfProgram {
    int n;                       // instructions
    int pad;
    int op[LF_MAX_PROGRAM];      // opcodes (LF_OP_*)
    int arg[LF_MAX_PROGRAM];     // LF_OP_VAR: the level read; LF_OP_CONST: the value
};
static_assert(sizeof(LfProgram) == 8 + 8 * LF_MAX_PROGRAM, "LfProgram layout");

enum {
    LF_OP_VAR = 0, LF_OP_CONST = 1, LF_OP_NEG = 2, LF_OP_BNOT = 3, LF_OP_LNOT = 4,
    LF_OP_ADD = 10, LF_OP_SUB = 11, LF_OP_MUL = 12, LF_OP_DIV = 13, LF_OP_MOD = 14, LF_OP_POW = 15,
    LF_OP_BAND = 16, LF_OP_BOR = 17, LF_OP_BXOR = 18, LF_OP_BSHL = 19, LF_OP_BSHR = 20, LF_OP_BSHRU = 21,
    LF_OP_LAND = 22, LF_OP_LOR = 23, LF_OP_LXOR = 24, LF_OP_MIN = 25, LF_OP_MAX = 26,
    LF_OP_EQ = 27                // 1 when equal: narrows a reduction's bindings (witness passes), not Datalog
};

// Evaluation errors, reported to the host (which raises the engine's own message).
#define LF_ERR_DIV_ZERO 1
#define LF_ERR_MOD_ZERO 2

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
        default: return a > b ? a : b;                        // LF_OP_MAX
    }
}

LF_HD int lf_unary(int op, int a) {
    return op == LF_OP_NEG ? lf_wrap(0u - (unsigned) a) : op == LF_OP_BNOT ? ~a : (a == 0 ? 1 : 0);
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
        } else if (op < LF_OP_ADD) {
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
