// Host-side test of the per-thread join logic the kernels run (search.cuh, lftj.cuh): the same code,
// compiled for the CPU, on random relations and queries, against brute-force enumeration. It runs in
// the Maven build (no GPU needed), so a broken leapfrog step fails CI before it reaches a device.
//
// Each case is a conjunctive query over random binary and ternary relations with comparison bounds
// and an output prefix; the plan is built the way the Java side builds it (participants per level,
// duplicate participants sharing a slot, the smallest level-0 list as driver), then the LFTJ is run
// once per driver index (as LFTJ-GPU does) and, in a second pass, from materialised prefix rows (as the
// level-wise join's existential tail does).
#include "fused.cuh"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <random>
#include <set>
#include <climits>
#include <string>
#include <utility>
#include <initializer_list>
#include <vector>

namespace {

struct HostTrie {
    int arity;
    std::vector<std::vector<int>> values;   // per level
    std::vector<std::vector<int>> offsets;  // per level < arity-1
    std::set<std::vector<int>> tuples;
    std::vector<int> rank;                  // rank table of level 0 (as lf_build_rank makes it)
    // per level >= 1, a core bitmap of the last half of the level above's nodes (as lf_build_bits makes it)
    std::vector<std::vector<unsigned>> bits;
    std::vector<int> bitsRow0, bitsRows, bitsCol0, bitsWords;
};

// The core bitmap of level l: nodes [row0, parents) of level l-1, columns from their smallest child's
// value to the largest (as CoreBitmaps chooses them: every child of a covered node is a column).
void addBits(HostTrie& t, int l) {
    const std::vector<int>& off = t.offsets[l - 1];
    const std::vector<int>& vals = t.values[l];
    int parents = (int) off.size() - 1;
    int row0 = parents / 2;
    long long lo = LLONG_MAX, hi = LLONG_MIN;
    for (int p = row0; p < parents; p++)
        if (off[p] < off[p + 1]) {
            lo = std::min<long long>(lo, vals[off[p]]);
            hi = std::max<long long>(hi, vals[off[p + 1] - 1]);
        }
    if (lo > hi) return;
    int words = (int) ((hi - lo + 32) / 32);
    std::vector<unsigned> b((size_t) (parents - row0) * words, 0u);
    for (int p = row0; p < parents; p++)
        for (int i = off[p]; i < off[p + 1]; i++) {
            long long c = vals[i] - lo;
            if (c >= 0 && c < 32LL * words) b[(size_t) (p - row0) * words + (size_t) (c >> 5)] |= 1u << (c & 31);
        }
    t.bits[l] = b;
    t.bitsRow0[l] = row0;
    t.bitsRows[l] = parents - row0;
    t.bitsCol0[l] = (int) lo;
    t.bitsWords[l] = words;
}

// The rank table of sorted distinct values, as the lf_build_rank kernel fills it.
std::vector<int> rankOf(const std::vector<int>& vals) {
    std::vector<int> rank;
    if (vals.empty()) return rank;
    rank.assign((size_t) (vals.back() - vals.front() + 1), -1);
    for (size_t i = 0; i < vals.size(); i++) {
        long long from = i == 0 ? 0 : (long long) vals[i - 1] - vals.front() + 1;
        for (long long k = from; k <= (long long) vals[i] - vals.front(); k++) rank[(size_t) k] = (int) i;
    }
    return rank;
}

HostTrie makeTrie(std::set<std::vector<int>> tuples, int arity) {
    HostTrie t;
    t.arity = arity;
    t.tuples = tuples;
    t.values.assign(arity, {});
    t.offsets.assign(arity > 0 ? arity - 1 : 0, {});
    std::vector<std::vector<int>> rows(tuples.begin(), tuples.end());
    for (int l = 0; l < arity; l++) {
        for (size_t i = 0; i < rows.size(); i++) {
            bool parentStart = i == 0 || !std::equal(rows[i].begin(), rows[i].begin() + l, rows[i - 1].begin());
            bool start = parentStart || rows[i][l] != rows[i - 1][l];
            if (l > 0 && parentStart) t.offsets[l - 1].push_back((int) t.values[l].size());
            if (start) t.values[l].push_back(rows[i][l]);
        }
        if (l > 0) t.offsets[l - 1].push_back((int) t.values[l].size());
    }
    if (arity > 0) t.rank = rankOf(t.values[0]);
    t.bits.assign(arity, {});
    t.bitsRow0.assign(arity, 0);
    t.bitsRows.assign(arity, 0);
    t.bitsCol0.assign(arity, 0);
    t.bitsWords.assign(arity, 0);
    for (int l = 1; l < arity; l++) addBits(t, l);
    return t;
}

struct Atom {
    int trie;
    std::vector<int> vars;   // strictly increasing
};

struct Bound {
    int var, other;          // var > other (lower) or var < other (upper); other < var
    bool lower, strict;
};

struct Query {
    int nvars, outVars;
    std::vector<Atom> atoms;
    std::vector<Bound> bounds;
    std::vector<long long> lowerConst, upperConst;
};

// Builds the plan as io.leapfrog.exec.gpu.plan.GpuPlanBuilder does.
// With useRank, first trie levels seek through their rank tables; with useBits, deeper levels answer
// what their core bitmaps cover from them.
bool buildPlan(const Query& q, const std::vector<HostTrie>& tries, LfPlan& P, bool useRank = false, bool useBits = false) {
    P = LfPlan{};
    P.nvars = q.nvars;
    P.outVars = q.outVars;
    std::map<std::pair<int, int>, int> slotOf;   // (atom, trie level) -> slot
    int slots = 0;
    for (int l = 0; l < q.nvars; l++) {
        LfLevel& L = P.level[l];
        std::vector<std::pair<int, int>> parts;  // (atom, trie level)
        for (int a = 0; a < (int) q.atoms.size(); a++) {
            const Atom& at = q.atoms[a];
            for (int t = 0; t < (int) at.vars.size(); t++) {
                if (at.vars[t] != l) continue;
                int dup = -1;
                for (int p = 0; p < (int) parts.size(); p++) {
                    const Atom& o = q.atoms[parts[p].first];
                    if (parts[p].second == t && o.trie == at.trie
                            && std::equal(o.vars.begin(), o.vars.begin() + t + 1, at.vars.begin())) dup = p;
                }
                if (dup >= 0) {
                    slotOf[{a, t}] = slotOf[parts[dup]];
                } else {
                    parts.push_back({a, t});
                    slotOf[{a, t}] = slots++;
                }
            }
        }
        if (parts.empty() || (int) parts.size() > LF_MAX_PARTS) return false;
        if (l == 0) {
            std::stable_sort(parts.begin(), parts.end(), [&](auto x, auto y) {
                return tries[q.atoms[x.first].trie].values[0].size() < tries[q.atoms[y.first].trie].values[0].size();
            });
        }
        L.width = (int) parts.size();
        for (int p = 0; p < L.width; p++) {
            const HostTrie& tr = tries[q.atoms[parts[p].first].trie];
            int t = parts[p].second;
            LfPart& part = L.part[p];
            part.vals = tr.values[t].data();
            part.len = (int) tr.values[t].size();
            part.parentOff = t == 0 ? nullptr : tr.offsets[t - 1].data();
            part.parentSlot = t == 0 ? 0 : slotOf[{parts[p].first, t - 1}];
            part.slot = slotOf[{parts[p].first, t}];
            if (useBits && t > 0 && !tr.bits[t].empty()) {
                part.bits = tr.bits[t].data();
                part.bitsRow0 = tr.bitsRow0[t];
                part.bitsRows = tr.bitsRows[t];
                part.bitsCol0 = tr.bitsCol0[t];
                part.bitsWords = tr.bitsWords[t];
            }
            if (useRank && t == 0 && !tr.rank.empty()) {
                part.rank = tr.rank.data();
                part.rankMin = tr.values[0].front();
                part.rankSpan = (int) tr.rank.size();
            }
        }
        L.lowerConst = q.lowerConst[l];
        L.upperConst = q.upperConst[l];
        for (const Bound& b : q.bounds) {
            if (b.var != l) continue;
            if (b.lower) {
                L.lowerVar[L.nLower] = b.other;
                L.lowerAdd[L.nLower++] = b.strict ? 1 : 0;
            } else {
                L.upperVar[L.nUpper] = b.other;
                L.upperSub[L.nUpper++] = b.strict ? 1 : 0;
            }
        }
    }
    P.nslots = slots;
    return slots <= LF_MAX_SLOTS;
}

std::set<std::vector<int>> bruteForce(const Query& q, const std::vector<HostTrie>& tries, int domain) {
    std::set<std::vector<int>> out;
    std::vector<int> b(q.nvars, 0);
    while (true) {
        bool ok = true;
        for (int l = 0; l < q.nvars && ok; l++) ok = b[l] >= q.lowerConst[l] && b[l] <= q.upperConst[l];
        for (const Bound& bd : q.bounds) {
            if (!ok) break;
            if (bd.lower) ok = bd.strict ? b[bd.var] > b[bd.other] : b[bd.var] >= b[bd.other];
            else ok = bd.strict ? b[bd.var] < b[bd.other] : b[bd.var] <= b[bd.other];
        }
        for (const Atom& a : q.atoms) {
            if (!ok) break;
            std::vector<int> t;
            for (int v : a.vars) t.push_back(b[v]);
            ok = tries[a.trie].tuples.count(t) > 0;
        }
        if (ok) out.insert(std::vector<int>(b.begin(), b.begin() + q.outVars));
        int i = q.nvars - 1;
        while (i >= 0 && ++b[i] == domain) b[i--] = 0;
        if (i < 0) break;
    }
    return out;
}

struct CollectSink {
    std::vector<std::vector<int>> rows;
    void emit(const int* binding, int k) { rows.emplace_back(binding, binding + k); }
    bool full() const { return false; }
};

int failures = 0;
long long bitRowsChecked = 0;   // rows whose bitmap count the level-wise check compared

void check(bool ok, const std::string& what) {
    if (!ok) {
        failures++;
        std::fprintf(stderr, "FAILED: %s\n", what.c_str());
    }
}

// A program that reads one level: what a reduction of a plain variable runs.
LfProgram variableProgram(int level) {
    LfProgram p{};
    p.n = 1;
    p.op[0] = LF_OP_VAR;
    p.arg[0] = level;
    return p;
}

// A program from (opcode, operand) pairs in postfix order.
LfProgram program(std::initializer_list<std::pair<int, int>> code) {
    LfProgram p{};
    for (const auto& c : code) {
        p.op[p.n] = c.first;
        p.arg[p.n] = c.second;
        p.n++;
    }
    return p;
}

// lf_program_eval's values, with Java's int arithmetic (what SouffleArithmetic computes) worked out by hand.
void checkPrograms() {
    int binding[3] = {7, -3, INT_MIN};
    auto eval = [&](const LfProgram& p, int& err, int& errArg) {
        return lf_program_eval(p, [&](int l) { return binding[l]; }, err, errArg);
    };
    struct Case { LfProgram p; int want; const char* what; };
    const Case cases[] = {
        {variableProgram(1), -3, "v1"},
        {program({{LF_OP_VAR, 0}, {LF_OP_VAR, 1}, {LF_OP_MUL, 0}, {LF_OP_CONST, 2}, {LF_OP_ADD, 0}}), -19, "v0*v1+2"},
        {program({{LF_OP_VAR, 2}, {LF_OP_CONST, -1}, {LF_OP_DIV, 0}}), INT_MIN, "INT_MIN / -1 wraps"},
        {program({{LF_OP_VAR, 2}, {LF_OP_CONST, -1}, {LF_OP_MOD, 0}}), 0, "INT_MIN % -1"},
        {program({{LF_OP_VAR, 1}, {LF_OP_CONST, 2}, {LF_OP_DIV, 0}}), -1, "-3 / 2 truncates"},
        {program({{LF_OP_VAR, 1}, {LF_OP_CONST, 2}, {LF_OP_MOD, 0}}), -1, "-3 % 2"},
        {program({{LF_OP_VAR, 2}, {LF_OP_VAR, 2}, {LF_OP_ADD, 0}}), 0, "INT_MIN + INT_MIN wraps"},
        {program({{LF_OP_VAR, 2}, {LF_OP_NEG, 0}}), INT_MIN, "-INT_MIN wraps"},
        {program({{LF_OP_CONST, 1}, {LF_OP_CONST, 33}, {LF_OP_BSHL, 0}}), 2, "1 << 33 shifts by 1, as Java"},
        {program({{LF_OP_VAR, 1}, {LF_OP_CONST, 1}, {LF_OP_BSHR, 0}}), -2, "-3 >> 1"},
        {program({{LF_OP_VAR, 1}, {LF_OP_CONST, 28}, {LF_OP_BSHRU, 0}}), 15, "-3 >>> 28"},
        {program({{LF_OP_CONST, 3}, {LF_OP_CONST, 21}, {LF_OP_POW, 0}}), 1870418611, "3^21 wraps"},
        {program({{LF_OP_CONST, -1}, {LF_OP_CONST, -3}, {LF_OP_POW, 0}}), -1, "(-1)^-3"},
        {program({{LF_OP_CONST, 5}, {LF_OP_CONST, -1}, {LF_OP_POW, 0}}), 0, "5^-1"},
        {program({{LF_OP_VAR, 0}, {LF_OP_BNOT, 0}}), -8, "bnot 7"},
        {program({{LF_OP_VAR, 0}, {LF_OP_LNOT, 0}}), 0, "lnot 7"},
        {program({{LF_OP_VAR, 0}, {LF_OP_CONST, 0}, {LF_OP_LXOR, 0}}), 1, "7 lxor 0"},
        {program({{LF_OP_VAR, 0}, {LF_OP_VAR, 1}, {LF_OP_MIN, 0}, {LF_OP_VAR, 2}, {LF_OP_MAX, 0}}), -3, "max(min(7,-3),INT_MIN)"},
        {program({{LF_OP_VAR, 0}, {LF_OP_CONST, 7}, {LF_OP_EQ, 0}, {LF_OP_VAR, 1}, {LF_OP_CONST, -3}, {LF_OP_EQ, 0},
                  {LF_OP_LAND, 0}}), 1, "v0 == 7 land v1 == -3"},
        {program({{LF_OP_VAR, 0}, {LF_OP_CONST, 8}, {LF_OP_EQ, 0}}), 0, "v0 == 8"},
        {program({{LF_OP_VAR, 0}, {LF_OP_ITOF, 0}, {LF_OP_VAR, 1}, {LF_OP_ITOF, 0}, {LF_OP_FDIV, 0}, {LF_OP_FTOI, 0}}), -2,
         "ftoi(7.0 / -3.0)"},
        {program({{LF_OP_VAR, 1}, {LF_OP_ITOF, 0}, {LF_OP_FNEG, 0}, {LF_OP_CONST, 0x3fc00000}, {LF_OP_FMUL, 0},
                  {LF_OP_FTOI, 0}}), 4, "ftoi(-(-3.0) * 1.5)"},
    };
    for (const Case& c : cases) {
        int err = 0, errArg = 0;
        int got = eval(c.p, err, errArg);
        check(err == 0 && got == c.want, std::string("program ") + c.what + ": got " + std::to_string(got));
    }
    // the codec: order kept, -0.0 is 0.0, NaN canonical, a float sum in double precision
    check(lf_float_encode(-2.5f) < lf_float_encode(-1.0f) && lf_float_encode(-1.0f) < lf_float_encode(0.5f)
          && lf_float_encode(-0.0f) == 0 && lf_float_decode(lf_float_encode(-2.5f)) == -2.5f, "float codec");
    long long fs = lf_identity(LF_REDUCE_FSUM);
    for (int k = 1; k <= 3; k++) fs = lf_combine(fs, lf_partial(lf_float_encode(0.5f * k), LF_REDUCE_FSUM), LF_REDUCE_FSUM);
    check(lf_bits_double(fs) == 3.0, "float sum 0.5 + 1.0 + 1.5");
    int err = 0, errArg = 0;
    eval(program({{LF_OP_VAR, 0}, {LF_OP_CONST, 0}, {LF_OP_DIV, 0}}), err, errArg);
    check(err == LF_ERR_DIV_ZERO && errArg == 7, "program 7 / 0 reports the division by zero");
    err = 0;
    eval(program({{LF_OP_VAR, 1}, {LF_OP_CONST, 0}, {LF_OP_MOD, 0}}), err, errArg);
    check(err == LF_ERR_MOD_ZERO && errArg == -3, "program -3 % 0 reports the modulo by zero");
}

// LFTJ-GPU's decomposition: one run per driver index; and the count-only runs must agree.
void runPerDriver(const Query& q, const LfPlan& P, const std::set<std::vector<int>>& expected, const std::string& name) {
    CollectSink sink;
    long long counted = 0;
    long long emitted = 0;
    for (int i = 0; i < P.level[0].part[0].len; i++) {
        LfState<8, 8> s;
        emitted += lf_run<8, 8>(P, s, 0, true, i, i + 1, false, sink);
        LfState<8, 8> s2;
        LfNoSink none;
        counted += lf_run<8, 8>(P, s2, 0, true, i, i + 1, true, none);
    }
    std::set<std::vector<int>> got(sink.rows.begin(), sink.rows.end());
    check(got == expected, name + ": per-driver rows differ from brute force");
    if (q.outVars == 0) {
        // No output variable: each driver index answers "is there a result below me?"; the caller
        // reduces with OR (the executor does the same).
        check((counted > 0) == (expected.size() == 1), name + ": existence without output variables");
        return;
    }
    check((long long) sink.rows.size() == (long long) expected.size(), name + ": a row was reported twice");
    check(emitted == (long long) expected.size(), name + ": emitted count");
    check(counted == (long long) expected.size(), name + ": counting mode count " + std::to_string(counted)
            + " vs " + std::to_string(expected.size()));
    // The chunked write of LFTJ-GPU: each driver value's rows numbered from its offset, written window
    // by window (windows of 3 rows, so heavy values span several); the concatenation is the whole result.
    if (q.outVars > 0) {
        std::vector<long long> offsets{0};
        for (int i = 0; i < P.level[0].part[0].len; i++) {
            LfState<8, 8> s;
            LfNoSink none;
            offsets.push_back(offsets.back() + lf_run<8, 8>(P, s, 0, true, i, i + 1, true, none));
        }
        long long total = offsets.back();
        std::vector<int> out(total * q.outVars + 1, -7);
        for (long long w0 = 0; w0 < total; w0 += 3) {
            long long w1 = std::min(total, w0 + 3);
            std::vector<int> chunk((w1 - w0) * q.outVars, -7);
            for (int i = 0; i < P.level[0].part[0].len; i++) {
                if (offsets[i + 1] <= w0 || offsets[i] >= w1) continue;
                LfState<8, 8> s;
                LfWindowSink sink{chunk.data(), offsets[i], w0, w1};
                lf_run<8, 8>(P, s, 0, true, i, i + 1, false, sink);
            }
            std::copy(chunk.begin(), chunk.end(), out.begin() + w0 * q.outVars);
        }
        std::set<std::vector<int>> windowed;
        for (long long r = 0; r < total; r++) {
            windowed.insert(std::vector<int>(out.begin() + r * q.outVars, out.begin() + (r + 1) * q.outVars));
        }
        check(windowed == expected, name + ": windowed writes differ from brute force");
    }
    // LFTJ-GPU's reductions (lftj_reduce): each driver value's bindings reduced by LfReduceSink, the
    // partials combined, equal sum / min / max over the brute-force rows, for every variable.
    if (q.outVars == q.nvars && !expected.empty()) {
        for (int op : {LF_REDUCE_SUM, LF_REDUCE_MIN, LF_REDUCE_MAX}) {
            for (int col = 0; col < q.nvars; col++) {
                long long hits = 0;
                long long acc = lf_identity(op);
                for (int i = 0; i < P.level[0].part[0].len; i++) {
                    LfState<8, 8> s;
                    LfProgram value = variableProgram(col);
                    LfProgram every{};
                    LfReduceSink sink{&value, &every, op, 0, lf_identity(op), 0, 0};
                    lf_run<8, 8>(P, s, 0, true, i, i + 1, false, sink);
                    hits += sink.hits;
                    acc = lf_combine(acc, sink.acc, op);
                }
                long long want = lf_identity(op);
                for (const auto& row : expected) want = lf_combine(want, row[col], op);
                check(hits == (long long) expected.size() && acc == want,
                      name + ": reduction op " + std::to_string(op) + " of v" + std::to_string(col));
            }
        }
    }
    // Whole range at once, no restriction.
    LfState<8, 8> s3;
    LfNoSink none;
    check(lf_run<8, 8>(P, s3, 0, false, 0, 0, true, none) == (long long) expected.size(), name + ": unrestricted count");
}

// Every binding of levels 0..level-1 that satisfies those levels, with the trie positions (slots) it
// reached: the rows a level table holds (the join truncated after `level` levels).
struct PrefixRows {
    std::vector<std::vector<int>> rows;
    std::vector<std::vector<int>> slots;
    const int* slotPos = nullptr;
    void emit(const int* b, int k) {
        rows.emplace_back(b, b + k);
        slots.emplace_back(slotPos, slotPos + LF_MAX_SLOTS);
    }
    bool full() const { return false; }
};

PrefixRows prefixRows(const LfPlan& P, int level) {
    LfPlan prefixPlan = P;
    prefixPlan.nvars = level;
    prefixPlan.outVars = level;
    PrefixRows sink;
    LfState<8, 8> s;
    sink.slotPos = s.slotPos;
    lf_run<8, 8>(prefixPlan, s, 0, false, 0, 0, false, sink);
    return sink;
}

// The level-wise tail: enumerate prefixes of length `start` with their slots (by running the join with
// outVars = nvars and truncating), then extend each prefix row by LFTJ from level `start`.
void runFromPrefixes(const Query& q, LfPlan P, const std::set<std::vector<int>>& expected, const std::string& name) {
    if (q.outVars == 0) return;
    int start = q.outVars;   // as the level-wise join does: rows bind the output variables
    PrefixRows sink = prefixRows(P, start);
    std::set<std::vector<int>> got;
    for (size_t r = 0; r < sink.rows.size(); r++) {
        LfState<8, 8> t;
        for (int c = 0; c < start; c++) t.binding[c] = sink.rows[r][c];
        for (int c = 0; c < LF_MAX_SLOTS; c++) t.slotPos[c] = sink.slots[r][c];
        LfNoSink none;
        if (lf_run<8, 8>(P, t, start, false, 0, 0, true, none) > 0) got.insert(sink.rows[r]);
    }
    check(got == expected, name + ": prefix-row extension differs from brute force");
}

// The level-wise join's candidate check, as lw_sizes, lw_count and lw_flags run it: for every level
// L >= 1 and every partial binding of levels 0..L-1 (a row of the level table), the driver (the
// participant with the fewest values in the bounds) and lw_member on each of its candidates must find
// exactly the values that the per-thread LFTJ finds at level L from that row.
void checkLevelwiseRows(const Query& q, const LfPlan& P, const std::string& name) {
    for (int level = 1; level < q.nvars; level++) {
        PrefixRows sink = prefixRows(P, level);
        int R = (int) sink.rows.size();
        if (R == 0) continue;
        std::vector<std::vector<int>> bind(level, std::vector<int>(R)), slot(LF_MAX_SLOTS, std::vector<int>(R));
        for (int r = 0; r < R; r++) {
            for (int c = 0; c < level; c++) bind[c][r] = sink.rows[r][c];
            for (int sl = 0; sl < LF_MAX_SLOTS; sl++) slot[sl][r] = sink.slots[r][sl];
        }
        LfTable t{};
        t.rows = R;
        for (int c = 0; c < level; c++) t.bind[c] = bind[c].data();
        for (int sl = 0; sl < LF_MAX_SLOTS; sl++) t.slot[sl] = slot[sl].data();
        LfPlan onePlan = P;   // levels 0..level, all of them output: level `level` enumerated from each row
        onePlan.nvars = level + 1;
        onePlan.outVars = level + 1;
        const LfLevel& L = P.level[level];
        struct Cand { int row, p, v; };
        std::vector<Cand> flat;                 // every row's candidates, for the cross-row batches below
        for (int r = 0; r < R; r++) {
            std::set<int> got;
            long long lb, ub;
            if (lw_bounds(L, t, r, lb, ub)) {
                int bestP = -1, bestLo = 0, bestSize = 0;
                for (int p = 0; p < L.width; p++) {
                    int lo, hi;
                    lw_range(L, p, t, r, lo, hi);
                    lo = lf_lower_bound(L.part[p].vals, lo, hi, lb);
                    hi = lf_lower_bound(L.part[p].vals, lo, hi, ub + 1);
                    if (bestP < 0 || hi - lo < bestSize) {
                        bestP = p;
                        bestLo = lo;
                        bestSize = hi - lo;
                    }
                }
                for (int i = 0; i < bestSize; i++) {
                    int v = L.part[bestP].vals[bestLo + i];
                    if (lw_member(L, t, r, bestP, v)) got.insert(v);
                    flat.push_back(Cand{r, bestP, v});
                }
                // lw_members (batches of 4, as lw_count and lw_flags run it) agrees with lw_member.
                for (int i = 0; i < bestSize; i += 4) {
                    int v[4] = {0, 0, 0, 0};
                    unsigned live = 0;
                    for (int k = 0; k < 4 && i + k < bestSize; k++) {
                        v[k] = L.part[bestP].vals[bestLo + i + k];
                        live |= 1u << k;
                    }
                    unsigned hit = lw_members<4>(L, t, r, bestP, v, live);
                    for (int k = 0; k < 4; k++) {
                        bool want = ((live >> k) & 1u) && lw_member(L, t, r, bestP, v[k]);
                        check(((hit >> k) & 1u) == (want ? 1u : 0u), name + ": lw_members batch at level " + std::to_string(level));
                    }
                }
            }
            // Where lw_sizes would give the row to lw_count_bits, the AND of its two bitmap rows counts
            // the same values.
            long long w0, w1;
            if (lw_bounds(L, t, r, lb, ub) && lw_bit_words(L, t, r, lb, ub, w0, w1)) {
                const unsigned* a = lw_bit_row(L, 0, t, r);
                const unsigned* b = lw_bit_row(L, 1, t, r);
                long long n = 0;
                for (long long w = w0; w <= w1; w++) n += lw_bits_in_word(a, b, w, lb - L.part[0].bitsCol0, ub - L.part[0].bitsCol0);
                check(n == (long long) got.size(), name + ": bitmap row count at level " + std::to_string(level));
                bitRowsChecked++;
            }
            struct LastSink {
                std::set<int> values;
                int level;
                void emit(const int* b, int) { values.insert(b[level]); }
                bool full() const { return false; }
            } last{{}, level};
            LfState<8, 8> s2;
            for (int c = 0; c < level; c++) s2.binding[c] = sink.rows[r][c];
            for (int sl = 0; sl < LF_MAX_SLOTS; sl++) s2.slotPos[sl] = sink.slots[r][sl];
            lf_run<8, 8>(onePlan, s2, level, false, 0, 0, false, last);
            check(got == last.values, name + ": level-wise candidates at level " + std::to_string(level) + " row "
                    + std::to_string(r) + " differ from LFTJ's");
        }
        // lw_members_rows: batches of 4 consecutive candidates across rows (as a lane takes them in the
        // warp-cooperative kernels) agree with lw_member on each.
        for (size_t i = 0; i < flat.size(); i += 4) {
            int row[4] = {0, 0, 0, 0}, pp[4] = {0, 0, 0, 0}, v[4] = {0, 0, 0, 0};
            unsigned live = 0;
            for (int k = 0; k < 4 && i + k < flat.size(); k++) {
                row[k] = flat[i + k].row;
                pp[k] = flat[i + k].p;
                v[k] = flat[i + k].v;
                live |= 1u << k;
            }
            unsigned hit = lw_members_rows<4>(L, t, row, pp, v, live);
            for (int k = 0; k < 4; k++) {
                bool want = ((live >> k) & 1u) && lw_member(L, t, row[k], pp[k], v[k]);
                check(((hit >> k) & 1u) == (want ? 1u : 0u), name + ": lw_members_rows at level " + std::to_string(level));
            }
        }
    }
}

// The slots the table written at `level` keeps: those a later level reads as a participant's parent
// and an earlier or this level sets (as GpuPlan.keepSlotsAfter computes them).
unsigned keepSlotsAfter(const LfPlan& P, int level) {
    unsigned mask = 0;
    for (int l = level + 1; l < P.nvars; l++)
        for (int q = 0; q < P.level[l].width; q++) {
            const LfPart& part = P.level[l].part[q];
            if (part.parentOff == nullptr) continue;
            for (int k = 0; k <= level; k++)
                for (int w = 0; w < P.level[k].width; w++)
                    if (P.level[k].part[w].slot == part.parentSlot) mask |= 1u << part.parentSlot;
        }
    return mask;
}

// The fused count's steps (fused_kernels.cuh) run one item at a time: the same driver choice, candidate
// batches, membership checks, row writes and item queues, with tables of rowsCap rows and queues of
// itemsCap items. The count, or -1 when a level outgrew them (where the kernel stops).
long long fusedCount(const LfPlan& P, long long rowsCap, long long itemsCap) {
    int n = P.nvars;
    std::vector<int> bind[2][LF_MAX_VARS], slot[2][LF_MAX_SLOTS], drv[2], drvHi[2];
    std::vector<long long> queue[2];
    LfFusedArgs a{};
    for (int t = 0; t < 2; t++) {
        for (int c = 0; c < LF_MAX_VARS; c++) { bind[t][c].assign(rowsCap, -7); a.table[t].bind[c] = bind[t][c].data(); }
        for (int c = 0; c < LF_MAX_SLOTS; c++) { slot[t][c].assign(rowsCap, -7); a.table[t].slot[c] = slot[t][c].data(); }
        drv[t].assign(rowsCap, 0);
        drvHi[t].assign(rowsCap, 0);
        queue[t].assign(itemsCap, 0);
    }
    long long count = 0;
    long long items = 0;
    int rootP = 0, rootLo = 0, rootHi = 0;
    for (int level = 0; level < n; level++) {
        const LfLevel& L = P.level[level];
        const LfTable& in = a.table[level & 1];
        const LfTable& out = a.table[(level + 1) & 1];
        unsigned keep = keepSlotsAfter(P, level);
        if (level == 0) {
            long long lb, ub;
            lw_driver(L, in, 0, lb, ub, rootP, rootLo, rootHi);
            items = lw_fused_items(rootLo, rootHi);
        }
        long long rows = 0, next = 0;
        for (long long i = 0; i < items; i++) {
            int r = 0, p = rootP, first = rootLo + (int) (LW_FUSED_BATCH * i), hi = rootHi;
            if (level > 0) {
                long long item = queue[level & 1][i];
                r = lw_fused_item_row(item);
                first = lw_fused_item_first(item);
                p = drv[level & 1][r];
                hi = drvHi[level & 1][r];
            }
            int v[LW_FUSED_BATCH];
            unsigned live;
            lw_fused_candidates(L, p, first, hi, v, live);
            unsigned hit = lw_members<LW_FUSED_BATCH>(L, in, r, p, v, live);
            for (int k = 0; k < LW_FUSED_BATCH; k++) {
                if (!((hit >> k) & 1u)) continue;
                if (level == n - 1) { count++; continue; }
                long long j = rows++;
                if (j < rowsCap) lw_write_row(L, in, r, out, (int) j, level, v[k], p, first + k, keep);
            }
        }
        if (level == n - 1) break;
        if (rows > rowsCap) return -1;
        // after the barrier: each new row's driver for the next level, its candidates queued as items
        for (long long j = 0; j < rows; j++) {
            long long lb, ub;
            int p2, lo2, hi2;
            lw_driver(P.level[level + 1], out, (int) j, lb, ub, p2, lo2, hi2);
            drv[(level + 1) & 1][j] = p2;
            drvHi[(level + 1) & 1][j] = hi2;
            for (int c = lo2; c < hi2; c += LW_FUSED_BATCH) {
                long long at = next++;
                if (at < itemsCap) queue[(level + 1) & 1][at] = lw_fused_item((int) j, c);
            }
        }
        if (next > itemsCap) return -1;
        items = next;
    }
    return count;
}

long long fusedChecked = 0, fusedOverflows = 0;

// A count (every variable an output) by the fused steps equals brute force's with room to spare, and
// with tables of two rows and queues of three items it is either exact or reported as outgrown.
void checkFused(const Query& q, const LfPlan& P, const std::set<std::vector<int>>& expected, const std::string& name) {
    if (q.outVars != q.nvars) return;
    long long want = (long long) expected.size();
    check(fusedCount(P, 4096, 4096) == want, name + ": fused count " + std::to_string(fusedCount(P, 4096, 4096))
          + ", expected " + std::to_string(want));
    long long tight = fusedCount(P, 2, 3);
    check(tight == -1 || tight == want, name + ": fused count with a tiny workspace " + std::to_string(tight));
    fusedChecked++;
    if (tight == -1) fusedOverflows++;
}

std::set<std::vector<int>> randomTuples(std::mt19937& rng, int arity, int count, int domain, bool skewed) {
    std::set<std::vector<int>> out;
    std::uniform_int_distribution<int> uni(0, domain - 1);
    for (int i = 0; i < count; i++) {
        std::vector<int> t(arity);
        for (int c = 0; c < arity; c++) {
            int v = uni(rng);
            if (skewed && (rng() & 1)) v = v % 3;   // a few heavy values
            t[c] = v;
        }
        out.insert(t);
    }
    return out;
}

}  // namespace

int main() {
    checkPrograms();
    // Searches.
    std::vector<int> a{1, 3, 3, 5, 8, 13, 21};
    for (long long key = -2; key < 25; key++) {
        int lb = lf_lower_bound(a.data(), 0, (int) a.size(), key);
        int expect = (int) (std::lower_bound(a.begin(), a.end(), key) - a.begin());
        check(lb == expect, "lower_bound " + std::to_string(key));
        for (int from = 0; from <= (int) a.size(); from++) {
            int g = lf_gallop(a.data(), from, (int) a.size(), key);
            int e = std::max(from, expect);
            check(g == e, "gallop from " + std::to_string(from) + " key " + std::to_string(key));
        }
    }
    // Batched membership: every sub-range, every key pattern, dead lanes report nothing.
    {
        std::vector<int> b{2, 4, 4, 7, 9, 12, 15, 20, 21};
        std::mt19937 kr(3);
        for (int lo = 0; lo <= (int) b.size(); lo++)
            for (int hi = lo; hi <= (int) b.size(); hi++)
                for (int t = 0; t < 40; t++) {
                    int key[4];
                    for (int k = 0; k < 4; k++) key[k] = (int) (kr() % 24);
                    unsigned live = kr() % 16;
                    unsigned got = lf_contains_batch<4>(b.data(), lo, hi, key, live);
                    for (int k = 0; k < 4; k++) {
                        bool want = ((live >> k) & 1u) && std::binary_search(b.begin() + lo, b.begin() + hi, key[k]);
                        check(((got >> k) & 1u) == (want ? 1u : 0u), "contains_batch [" + std::to_string(lo) + ","
                              + std::to_string(hi) + ") key " + std::to_string(key[k]));
                    }
                }
    }
    // Batched membership with a range per key agrees with std::binary_search.
    {
        std::vector<int> b{1, 2, 4, 4, 7, 9, 12, 15, 20, 21, 30};
        std::mt19937 kr(4);
        for (int t = 0; t < 4000; t++) {
            int lo[4], hi[4], key[4];
            for (int k = 0; k < 4; k++) {
                lo[k] = (int) (kr() % (b.size() + 1));
                hi[k] = lo[k] + (int) (kr() % (b.size() + 1 - lo[k]));
                key[k] = (int) (kr() % 32);
            }
            unsigned live = kr() % 16;
            unsigned got = lf_contains_batch_ranges<4>(b.data(), lo, hi, key, live);
            for (int k = 0; k < 4; k++) {
                bool want = ((live >> k) & 1u) && std::binary_search(b.begin() + lo[k], b.begin() + hi[k], key[k]);
                check(((got >> k) & 1u) == (want ? 1u : 0u), "contains_batch_ranges");
            }
        }
    }
    std::vector<long long> offs{0, 0, 3, 3, 7, 9};
    for (long long x = 0; x < 12; x++) {
        int r = lf_row_of(offs.data(), 6, x);
        int e = 0;
        for (int i = 0; i < 6; i++) if (offs[i] <= x) e = i;
        check(r == e, "row_of " + std::to_string(x));
        for (int lo = 0; lo < 6; lo++)
            for (int hi = lo + 1; hi <= 6; hi++) {
                if (offs[lo] > x) continue;
                int ri = lf_row_in(offs.data(), lo, hi, x);
                int ei = lo;
                for (int i = lo; i < hi; i++) if (offs[i] <= x) ei = i;
                check(ri == ei, "row_in [" + std::to_string(lo) + "," + std::to_string(hi) + ") " + std::to_string(x));
            }
    }

    // Rank-table seeks agree with bisection on every sub-range and key.
    {
        std::vector<int> vals{3, 4, 9, 10, 11, 17};
        std::vector<int> rank = rankOf(vals);
        LfPart plain{}, ranked{};
        plain.vals = ranked.vals = vals.data();
        plain.len = ranked.len = (int) vals.size();
        ranked.rank = rank.data();
        ranked.rankMin = vals.front();
        ranked.rankSpan = (int) rank.size();
        for (int lo = 0; lo <= (int) vals.size(); lo++)
            for (int hi = lo; hi <= (int) vals.size(); hi++)
                for (long long key = -3; key < 22; key++) {
                    check(lf_part_lower_bound(ranked, lo, hi, key) == lf_lower_bound(vals.data(), lo, hi, key),
                          "rank lower bound " + std::to_string(key) + " in [" + std::to_string(lo) + "," + std::to_string(hi) + ")");
                    check(lf_part_find(ranked, lo, hi, (int) key) == lf_part_find(plain, lo, hi, (int) key), "rank find");
                    check(lf_part_seek(ranked, lo, hi, key) == lf_part_seek(plain, lo, hi, key), "rank seek");
                }
    }
    // lf_core_bit answers exactly what its bitmap covers, -1 elsewhere.
    {
        std::set<std::vector<int>> tuples;
        std::mt19937 br(9);
        for (int i = 0; i < 400; i++) tuples.insert({(int) (br() % 30), (int) (br() % 70) - 5});
        HostTrie t = makeTrie(tuples, 2);
        LfPart part{};
        part.bits = t.bits[1].data();
        part.bitsRow0 = t.bitsRow0[1];
        part.bitsRows = t.bitsRows[1];
        part.bitsCol0 = t.bitsCol0[1];
        part.bitsWords = t.bitsWords[1];
        check(part.bitsRows > 0, "a bitmap was built");
        int parents = (int) t.values[0].size();
        for (int p = -1; p <= parents; p++)
            for (int v = -8; v < 72; v++) {
                int b = lf_core_bit(part, p, v);
                bool covered = p >= part.bitsRow0 && p < part.bitsRow0 + part.bitsRows && v >= part.bitsCol0
                               && v < part.bitsCol0 + 32 * part.bitsWords;
                if (!covered) {
                    check(b == -1, "core bit outside the bitmap");
                } else {
                    bool member = tuples.count({t.values[0][p], v}) > 0;
                    check(b == (member ? 1 : 0), "core bit (" + std::to_string(p) + "," + std::to_string(v) + ")");
                }
            }
    }
    std::mt19937 rng(20261122);
    int cases = 0;
    for (int iter = 0; iter < 400; iter++) {
        int domain = 6 + (int) (rng() % 7);
        bool skewed = iter % 3 == 0;
        std::vector<HostTrie> tries;
        tries.push_back(makeTrie(randomTuples(rng, 2, 4 + (int) (rng() % 40), domain, skewed), 2));
        tries.push_back(makeTrie(randomTuples(rng, 2, 4 + (int) (rng() % 40), domain, skewed), 2));
        tries.push_back(makeTrie(randomTuples(rng, 3, 4 + (int) (rng() % 80), domain, skewed), 3));
        tries.push_back(makeTrie(randomTuples(rng, 1, 1 + (int) (rng() % domain), domain, skewed), 1));
        Query q;
        q.nvars = 2 + (int) (rng() % 3);   // 2..4
        int natoms = 2 + (int) (rng() % 4);
        for (int i = 0; i < natoms; i++) {
            Atom at;
            at.trie = (int) (rng() % tries.size());
            int ar = tries[at.trie].arity;
            if (ar > q.nvars) { at.trie = 0; ar = 2; }
            std::vector<int> vs(q.nvars);
            for (int v = 0; v < q.nvars; v++) vs[v] = v;
            std::shuffle(vs.begin(), vs.end(), rng);
            vs.resize(ar);
            std::sort(vs.begin(), vs.end());
            at.vars = vs;
            q.atoms.push_back(at);
        }
        // every variable needs an atom
        std::vector<bool> bound(q.nvars, false);
        for (auto& at : q.atoms) for (int v : at.vars) bound[v] = true;
        for (int v = 0; v < q.nvars; v++) if (!bound[v]) q.atoms.push_back(Atom{3, {v}});
        int nb = (int) (rng() % 3);
        for (int i = 0; i < nb; i++) {
            int v = 1 + (int) (rng() % (q.nvars - 1));
            int o = (int) (rng() % v);
            q.bounds.push_back(Bound{v, o, (rng() & 1) != 0, (rng() & 1) != 0});
        }
        q.lowerConst.assign(q.nvars, -(1LL << 31));
        q.upperConst.assign(q.nvars, (1LL << 31) - 1);
        if (rng() % 4 == 0) q.lowerConst[rng() % q.nvars] = (long long) (rng() % 3);
        if (rng() % 4 == 0) q.upperConst[rng() % q.nvars] = domain - 1 - (long long) (rng() % 3);
        q.outVars = (rng() % 3 == 0) ? (int) (rng() % (q.nvars + 1)) : q.nvars;
        LfPlan P;
        if (!buildPlan(q, tries, P, iter % 2 == 0, iter % 3 != 0)) continue;
        auto expected = bruteForce(q, tries, domain);
        std::string name = "case " + std::to_string(iter);
        runPerDriver(q, P, expected, name);
        if (q.outVars < q.nvars) runFromPrefixes(q, P, expected, name);
        checkLevelwiseRows(q, P, name);
        checkFused(q, P, expected, name);
        cases++;
    }
    // The triangle query over one symmetric graph: e(x,y), e(y,z), e(x,z), x < y < z.
    {
        std::set<std::vector<int>> edges;
        std::mt19937 g(7);
        for (int i = 0; i < 300; i++) {
            int u = (int) (g() % 40), v = (int) (g() % 40);
            if (u != v) { edges.insert({u, v}); edges.insert({v, u}); }
        }
        std::vector<HostTrie> tries{makeTrie(edges, 2)};
        Query q;
        q.nvars = 3;
        q.outVars = 3;
        q.atoms = {Atom{0, {0, 1}}, Atom{0, {1, 2}}, Atom{0, {0, 2}}};
        q.bounds = {Bound{1, 0, true, true}, Bound{2, 1, true, true}};
        q.lowerConst.assign(3, -(1LL << 31));
        q.upperConst.assign(3, (1LL << 31) - 1);
        LfPlan P;
        check(buildPlan(q, tries, P, false, true), "triangle plan");
        check(P.level[0].width == 1 && P.nslots == 5, "triangle plan: e(x,y) and e(x,z) share level 0");
        auto expected = bruteForce(q, tries, 40);
        runPerDriver(q, P, expected, "triangles");
        checkLevelwiseRows(q, P, "triangles");
        checkFused(q, P, expected, "triangles");
        cases++;
    }
    check(bitRowsChecked > 0, "some rows were counted from their bitmaps");
    check(fusedChecked > 0 && fusedOverflows > 0 && fusedOverflows < fusedChecked, "fused counts both fit and outgrew a tiny workspace");
    std::printf("lftj host test: %d cases, %d failures (%lld rows counted from bitmaps; %lld fused counts, %lld of them "
                "outgrew a tiny workspace)\n", cases, failures, bitRowsChecked, fusedChecked, fusedOverflows);
    return failures == 0 ? 0 : 1;
}
