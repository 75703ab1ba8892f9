// What a kernel knows of its plan's shape when it is compiled.
//
// The table-driven kernels read everything from the plan (LfAnyShape): how many participants a level
// has, which slots they read and write, whether they have a rank table or a core bitmap, the bounds.
// Each of those reads is a shared-memory load and a loop or branch around it, and a depth-first count
// spends most of its instructions on them (about 650 thread instructions a candidate; docs/gpu.md,
// "Depth-first counts"). A kernel generated for one query (io.leapfrog.exec.gpu.join.ShapedKernel)
// passes a shape type whose functions are constant expressions instead: the same code, read through an
// LfView, then unrolls its loops over participants and folds the checks away. The plan still carries the
// data: the arrays' addresses and lengths, the rank tables' and bitmaps' extents.
//
// A shape type S has `static constexpr bool known` and the constexpr functions of LfAnyShape below, which
// answer for level l, participant q and bound i of the plan the kernel is compiled for.
#pragma once
#include "plan.cuh"

struct LfAnyShape {
    static constexpr bool known = false;
    LF_HD static constexpr int nvars() { return 0; }
    LF_HD static constexpr int width(int) { return 0; }
    LF_HD static constexpr int nLower(int) { return 0; }
    LF_HD static constexpr int nUpper(int) { return 0; }
    LF_HD static constexpr int lowerVar(int, int) { return 0; }
    LF_HD static constexpr int lowerAdd(int, int) { return 0; }
    LF_HD static constexpr int upperVar(int, int) { return 0; }
    LF_HD static constexpr int upperSub(int, int) { return 0; }
    LF_HD static constexpr long long lowerConst(int) { return 0; }
    LF_HD static constexpr long long upperConst(int) { return 0; }
    LF_HD static constexpr bool root(int, int) { return false; }      // trie level 0: no parent
    LF_HD static constexpr int parentSlot(int, int) { return 0; }
    LF_HD static constexpr int slot(int, int) { return 0; }
    LF_HD static constexpr bool rank(int, int) { return false; }      // has a rank table
    LF_HD static constexpr bool bits(int, int) { return false; }      // has a core bitmap
    LF_HD static constexpr unsigned keep(int) { return 0; }           // LfWarpArgs.keep
    LF_HD static constexpr int q0() { return 0; }                     // LfWarpArgs.q0, q1
    LF_HD static constexpr int q1() { return 0; }
};

// Level LV of a plan as a kernel of shape S sees it: from S where S is known and LV is a level (>= 0),
// else from the plan's level L. Where it answers from S, the answers are constants.
template <class S, int LV>
struct LfView {
    static constexpr bool fixed = S::known && LV >= 0;
    const LfLevel& L;

    LF_HD int width() const { return fixed ? S::width(LV) : L.width; }
    LF_HD int nLower() const { return fixed ? S::nLower(LV) : L.nLower; }
    LF_HD int nUpper() const { return fixed ? S::nUpper(LV) : L.nUpper; }
    LF_HD int lowerVar(int i) const { return fixed ? S::lowerVar(LV, i) : L.lowerVar[i]; }
    LF_HD int lowerAdd(int i) const { return fixed ? S::lowerAdd(LV, i) : L.lowerAdd[i]; }
    LF_HD int upperVar(int i) const { return fixed ? S::upperVar(LV, i) : L.upperVar[i]; }
    LF_HD int upperSub(int i) const { return fixed ? S::upperSub(LV, i) : L.upperSub[i]; }
    LF_HD long long lowerConst() const { return fixed ? S::lowerConst(LV) : L.lowerConst; }
    LF_HD long long upperConst() const { return fixed ? S::upperConst(LV) : L.upperConst; }
    LF_HD bool root(int q) const { return fixed ? S::root(LV, q) : L.part[q].parentOff == nullptr; }
    LF_HD int parentSlot(int q) const { return fixed ? S::parentSlot(LV, q) : L.part[q].parentSlot; }
    LF_HD int slot(int q) const { return fixed ? S::slot(LV, q) : L.part[q].slot; }
    LF_HD bool rank(int q) const { return fixed ? S::rank(LV, q) : L.part[q].rank != nullptr; }
    LF_HD bool bits(int q) const { return fixed ? S::bits(LV, q) : L.part[q].bits != nullptr; }
    LF_HD const LfPart& part(int q) const { return L.part[q]; }
};

// The view of level l of a plan that knows nothing at compile time: what the table-driven kernels use.
LF_HD LfView<LfAnyShape, -1> lf_any(const LfLevel& L) {
    return LfView<LfAnyShape, -1>{L};
}

// Level LV of shape S (LV < 0: not known at compile time, the kernel's running level `level`).
template <class S, int LV>
LF_HD LfView<S, LV> lf_view(const LfPlan& plan, int level) {
    return LfView<S, LV>{plan.level[LV >= 0 ? LV : level]};
}
