package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.gpu.DeviceBuffer;
import io.leapfrog.exec.gpu.FakeDeviceBuffers;
import io.leapfrog.exec.gpu.ResidentKernel;
import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.join.ValueProgram;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.Trie;
import io.leapfrog.kernels.layout.LfFusedArgs;
import io.leapfrog.kernels.layout.LfWarpArgs;
import io.leapfrog.kernels.layout.LwResidentArgs;
import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * The bytes the host writes for the kernels through the generated layout (io.leapfrog.kernels.layout) are
 * the bytes of an encoder with every offset written out by hand ({@link Frozen}, independent of
 * layout.def): each test encodes the same inputs both ways.
 */
class LayoutBytesTest {
    private static final Trie EDGES = Relation.of(2, new int[][]{{0, 1}, {0, 2}, {1, 2}, {1, 3}, {2, 3}, {5, 6}, {3, 5}, {2, 5}})
            .trie(new int[]{0, 1});
    private static final Trie NODES = Relation.of(1, new int[][]{{1}, {2}, {5}}).trie(new int[]{0});
    private static final Trie DENSE = dense();

    private static Trie dense() {
        int n = RankTables.MIN_VALUES;
        int[][] rows = new int[n][];
        for (int i = 0; i < n; i++) {
            rows[i] = new int[]{100 + 2 * i, i};
        }
        return Relation.of(2, rows).trie(new int[]{0, 1});
    }

    /** Addresses that name their trie and level; every level deeper than 0 with a core bitmap when {@code bitmaps}. */
    private static ResidentTries.Lookup at(long base, boolean bitmaps) {
        return new ResidentTries.Lookup() {
            private long id(Trie t) {
                return t == EDGES ? 1 : t == NODES ? 2 : 3;
            }

            @Override
            public long values(Trie t, int level) {
                return base + 0x10000L * id(t) + 0x100L * level;
            }

            @Override
            public long offsets(Trie t, int level) {
                return base + 0x1000000L * id(t) + 0x100L * level + 8;
            }

            @Override
            public long rank(Trie t) {
                return base + 0x70000000L + id(t);
            }

            @Override
            public CoreBitmaps.OnDevice bits(Trie t, int level) {
                return bitmaps ? new CoreBitmaps.OnDevice(base + 0x90000L + level, new CoreBitmaps.Shape(3 + level, 5, 7, 11 * level))
                        : null;
            }
        };
    }

    /** Joins of every kind the plan holds: bounds on both sides, constants, existentials, duplicates, rank tables, wide levels. */
    private static List<JoinQuery> queries() {
        List<JoinQuery> qs = new ArrayList<>();
        qs.add(JoinQuery.builder(3).atom(EDGES, 0, 1).atom(EDGES, 1, 2).atom(EDGES, 0, 2)
                .lowerBound(1, 0, true).lowerBound(2, 1, true).build());
        qs.add(JoinQuery.builder(4).atom(EDGES, 0, 1).atom(EDGES, 0, 2).atom(EDGES, 0, 3).atom(EDGES, 1, 2)
                .atom(EDGES, 1, 3).atom(EDGES, 2, 3).build());
        qs.add(JoinQuery.builder(2).atom(EDGES, 0, 1).atom(NODES, 1)
                .lowerBoundConst(0, 1, false).upperBound(1, 0, true).outputVars(1).build());
        qs.add(JoinQuery.builder(3).atom(EDGES, 0, 1).atom(EDGES, 1, 2).atom(NODES, 2)
                .upperBoundConst(2, 4, false).lowerBoundConst(1, -3, true).upperBound(2, 0, false).lowerBound(2, 1, false)
                .outputVars(2).build());
        qs.add(JoinQuery.builder(2).atom(DENSE, 0, 1).atom(EDGES, 0, 1).build());
        JoinQuery.Builder five = JoinQuery.builder(5);
        for (int a = 0; a < 5; a++) {
            for (int b = a + 1; b < 5; b++) {
                five.atom(EDGES, a, b);
            }
        }
        qs.add(five.lowerBound(4, 0, true).lowerBound(4, 1, true).lowerBound(4, 2, true).lowerBound(4, 3, true)
                .upperBound(3, 0, false).upperBound(3, 1, true).upperBound(3, 2, false).build());
        return qs;
    }

    @Test
    void plansMatchTheHandWrittenOffsets() {
        List<JoinQuery> queries = queries();
        int n = 0;
        for (int i = 0; i < queries.size(); i++) {
            GpuPlan p = GpuPlan.of(queries.get(i));
            for (boolean bitmaps : new boolean[] {false, true}) {
                ResidentTries.Lookup tries = at(bitmaps ? 0x7f0000000000L : 0, bitmaps);
                assertArrayEquals(Frozen.plan(p, tries), p.encode(tries), "query " + i + (bitmaps ? " with core bitmaps" : ""));
                n++;
            }
        }
        assertEquals(12, n);
        // the test sees what it compares: a plan with bitmaps differs from one without
        GpuPlan tri = GpuPlan.of(queries().get(0));
        assertNotEquals(java.util.Arrays.toString(tri.encode(at(0, false))), java.util.Arrays.toString(tri.encode(at(0, true))));
    }

    @Test
    void levelTablesAndTheirSlicesMatchTheHandWrittenOffsets() {
        DeviceBuffer bind = FakeDeviceBuffers.at(0x5000_0000L, 4L * 1000 * 3, "bindings");
        DeviceBuffer slots = FakeDeviceBuffers.at(0x6000_0000L, 4L * 1000 * 3, "slots");
        int mask = (1 << 0) | (1 << 7) | (1 << 31);
        DeviceTable t = DeviceTable.of(1000, 3, mask, bind, slots);
        assertArrayEquals(Frozen.table(1000, 3, mask, bind.address(), slots.address(), 1000, 0), t.struct().array());
        DeviceTable s = t.slice(250, 900);
        assertArrayEquals(Frozen.table(650, 3, mask, bind.address(), slots.address(), 1000, 250), s.struct().array());
        DeviceTable root = DeviceTable.root();
        assertArrayEquals(Frozen.table(1, 0, 0, 0, 0, 1, 0), root.struct().array());
    }

    @Test
    void depthFirstCountArgumentsMatchTheHandWrittenOffsets() {
        Random r = new Random(7);
        for (int round = 0; round < 50; round++) {
            List<long[]> arrays = arrays(r);
            int levels = 2 + r.nextInt(15);
            int[] keep = new int[levels];
            for (int l = 0; l < levels; l++) {
                keep[l] = r.nextInt();
            }
            int[] task = {r.nextInt(8), r.nextInt(8)};
            int split = 1 + r.nextInt(32);
            int limit = r.nextInt(1 << 18);
            int from = 16 * r.nextInt(1 << 10);
            long header = r.nextLong() & ~7L;
            boolean trace = r.nextBoolean();
            long result = r.nextLong();
            long epoch = r.nextLong();
            StagedSpans spans = StagedSpans.choose(arrays, limit, from);
            LfWarpArgs a = DepthFirstCount.arguments(header, task, split, keep, spans);
            DepthFirstCount.handover(a).set(trace ? 1 : 0, result, epoch);
            ByteBuffer old = Frozen.warpArgs(header, task, split, keep);
            int end = Frozen.stageSpans(arrays, limit, old, Frozen.WARP_SPAN_SRC, from);
            Frozen.handover(old, trace, result, epoch, Frozen.WARP_TRACE, Frozen.WARP_RESULT);
            assertArrayEquals(old.array(), a.array(), "round " + round);
            assertEquals(end, spans.end(), "round " + round);
            // the resident kernel's copy: the trace off, the result in its mailbox
            long mailbox = r.nextLong();
            assertArrayEquals(Frozen.residentCountArgs(old.array(), mailbox), ResidentCount.arguments(a, mailbox));
        }
    }

    @Test
    void fusedCountArgumentsMatchTheHandWrittenOffsets() {
        Random r = new Random(11);
        for (int round = 0; round < 50; round++) {
            List<long[]> arrays = arrays(r);
            int levels = 1 + r.nextInt(16);
            int[] keep = new int[levels];
            for (int l = 0; l < levels; l++) {
                keep[l] = r.nextInt() & r.nextInt();
            }
            long rowsCap = 64L * (1 + r.nextInt(1000));
            long itemsCap = 4 * rowsCap;
            long bytes = 1L << 34;
            long ws = (r.nextLong() >>> 20) << 8;
            int limit = r.nextInt(1 << 18);
            boolean trace = r.nextBoolean();
            long result = r.nextLong();
            long epoch = r.nextLong();
            StagedSpans spans = StagedSpans.choose(arrays, limit, 0);
            LfFusedArgs a = FusedLevelwiseCount.arguments(ws, bytes, levels, keep, rowsCap, itemsCap, spans);
            FusedLevelwiseCount.handover(a).set(trace ? 1 : 0, result, epoch);
            ByteBuffer old = Frozen.fusedArgs(ws, levels, keep, rowsCap, itemsCap);
            int end = Frozen.stageSpans(arrays, limit, old, Frozen.FUSED_SPAN_SRC, 0);
            Frozen.handover(old, trace, result, epoch, Frozen.FUSED_TRACE, Frozen.FUSED_RESULT);
            assertArrayEquals(old.array(), a.array(), "round " + round);
            assertEquals(end, spans.end(), "round " + round);
        }
    }

    @Test
    void valueProgramsMatchTheHandWrittenOffsets() {
        List<int[][]> programs = new ArrayList<>();   // instructions {op ordinal, arg}
        programs.add(new int[][] {{ValueProgram.Op.VAR.ordinal(), 3}});
        programs.add(new int[][] {{op("VAR"), 0}, {op("CONST"), -7}, {op("MUL"), 0}, {op("VAR"), 2}, {op("ADD"), 0},
                {op("NEG"), 0}});
        programs.add(new int[][] {{op("VAR"), 1}, {op("ITOF"), 0}, {op("CONST"), 3}, {op("ITOF"), 0}, {op("FDIV"), 0},
                {op("FTOI"), 0}, {op("CONST"), 2}, {op("EQ"), 0}});
        List<int[]> every = new ArrayList<>();   // every operator once, on a stack of two
        every.add(new int[] {op("VAR"), 5});
        for (ValueProgram.Op o : ValueProgram.Op.values()) {
            if (o != ValueProgram.Op.VAR && o != ValueProgram.Op.CONST && every.size() < 30) {
                if (unary(o)) {
                    every.add(new int[] {o.ordinal(), 0});
                } else {
                    every.add(new int[] {op("CONST"), o.ordinal()});
                    every.add(new int[] {o.ordinal(), 0});
                }
            }
        }
        programs.add(every.toArray(int[][]::new));
        for (int[][] code : programs) {
            ValueProgram.Builder b = new ValueProgram.Builder();
            for (int[] ins : code) {
                ValueProgram.Op o = ValueProgram.Op.values()[ins[0]];
                if (o == ValueProgram.Op.VAR) {
                    b.variable(ins[1]);
                } else if (o == ValueProgram.Op.CONST) {
                    b.constant(ins[1]);
                } else {
                    b.apply(o);
                }
            }
            ValueProgram p = b.build();
            assertArrayEquals(Frozen.program(code), DeviceReduction.program(p).array(), String.valueOf(p));
        }
        assertArrayEquals(new byte[Frozen.PROGRAM_BYTES], DeviceReduction.program(null).array(), "every binding: n = 0");
    }

    @Test
    void everyOpcodeKeepsItsCode() {
        for (ValueProgram.Op o : ValueProgram.Op.values()) {
            assertEquals(Frozen.OPCODES.get(o.name()), o.code, o.name());
        }
        assertEquals(Frozen.OPCODES.size(), ValueProgram.Op.values().length);
        // a reduction's operation code is Reduction.Op's ordinal
        for (io.leapfrog.exec.join.Reduction.Op o : io.leapfrog.exec.join.Reduction.Op.values()) {
            assertEquals(o.ordinal(), DeviceReduction.op(o).code, o.name());
        }
    }

    private static int op(String name) {
        return ValueProgram.Op.valueOf(name).ordinal();
    }

    private static boolean unary(ValueProgram.Op o) {
        return ValueProgram.Op.unary(o.symbol) == o;
    }

    @Test
    void residentArgumentsMatchTheHandWrittenOffsets() {
        io.leapfrog.exec.gpu.KernelCall call = ResidentKernel.withResidentArguments(io.leapfrog.exec.gpu.KernelCall.of("k"),
                0x7000_1234_5678L, 42, 250_000_000L);
        assertEquals(1, call.args().size());
        ByteBuffer old = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN);
        old.putLong(0, 0x7000_1234_5678L).putLong(8, 42).putLong(16, 250_000_000L);
        assertArrayEquals(old.array(), call.parameterBytes());
        assertEquals(LwResidentArgs.BYTES, call.parameterBytes().length);
    }

    /** Trie arrays as GpuPlan.searchedArrays lists them: some 16-byte aligned, some not, some empty. */
    private static List<long[]> arrays(Random r) {
        List<long[]> a = new ArrayList<>();
        int n = r.nextInt(40);
        for (int i = 0; i < n; i++) {
            long address = (r.nextLong() >>> 24) << (r.nextInt(4) == 0 ? 2 : 4);
            long bytes = r.nextInt(8) == 0 ? 0 : 4L * r.nextInt(1 << 14);
            a.add(new long[] {address, bytes});
        }
        return a;
    }

    /** The host's encoders of LfPlan, LfTable, LfWarpArgs, LfFusedArgs and LfProgram with their hand-written offsets. */
    private static final class Frozen {
        static final int MAX_VARS = 16;
        static final int MAX_SLOTS = 32;
        static final int SPANS = 24;
        static final int PLAN_NVARS = 0;
        static final int PLAN_OUTVARS = 4;
        static final int PLAN_NSLOTS = 8;
        static final int PLAN_LEVELS = 16;
        static final int LEVEL_BYTES = 96 + 8 * 72;
        static final int PLAN_BYTES = PLAN_LEVELS + MAX_VARS * LEVEL_BYTES;
        static final int LEVEL_WIDTH = 0;
        static final int LEVEL_NLOWER = 4;
        static final int LEVEL_NUPPER = 8;
        static final int LEVEL_LOWER_CONST = 16;
        static final int LEVEL_UPPER_CONST = 24;
        static final int LEVEL_LOWER_VAR = 32;
        static final int LEVEL_LOWER_ADD = 48;
        static final int LEVEL_UPPER_VAR = 64;
        static final int LEVEL_UPPER_SUB = 80;
        static final int LEVEL_PARTS = 96;
        static final int PART_BYTES = 72;
        static final int PART_VALS = 0;
        static final int PART_PARENT_OFF = 8;
        static final int PART_RANK = 16;
        static final int PART_PARENT_SLOT = 24;
        static final int PART_SLOT = 28;
        static final int PART_LEN = 32;
        static final int PART_RANK_MIN = 36;
        static final int PART_RANK_SPAN = 40;
        static final int PART_BITS = 48;
        static final int PART_BITS_ROW0 = 56;
        static final int PART_BITS_ROWS = 60;
        static final int PART_BITS_COL0 = 64;
        static final int PART_BITS_WORDS = 68;
        static final int TABLE_ROWS = 0;
        static final int TABLE_BIND = 8;
        static final int TABLE_SLOT = TABLE_BIND + 8 * MAX_VARS;
        static final int TABLE_BYTES = TABLE_SLOT + 8 * MAX_SLOTS;
        // LfWarpArgs
        static final int WARP_HEADER = 0;
        static final int WARP_Q0 = 8;
        static final int WARP_Q1 = 12;
        static final int WARP_SPLIT = 16;
        static final int WARP_KEEP = 24;
        static final int WARP_SPAN_SRC = WARP_KEEP + 4 * MAX_VARS;
        static final int WARP_N_SPANS = WARP_SPAN_SRC + 16 * SPANS;
        static final int WARP_TRACE = WARP_N_SPANS + 4;
        static final int WARP_RESULT = WARP_N_SPANS + 8;
        static final int WARP_EPOCH = WARP_RESULT + 8;
        static final int WARP_BYTES = WARP_EPOCH + 8;
        // LfFusedArgs
        static final int HEADER_BYTES = 512;
        static final int FUSED_DRV = 2 * TABLE_BYTES;
        static final int FUSED_DRV_HI = FUSED_DRV + 16;
        static final int FUSED_ITEMS = FUSED_DRV_HI + 16;
        static final int FUSED_HEADER = FUSED_ITEMS + 16;
        static final int FUSED_ROWS_CAP = FUSED_HEADER + 8;
        static final int FUSED_ITEMS_CAP = FUSED_ROWS_CAP + 8;
        static final int FUSED_KEEP = FUSED_ITEMS_CAP + 8;
        static final int FUSED_SPAN_SRC = FUSED_KEEP + 4 * MAX_VARS;
        static final int FUSED_N_SPANS = FUSED_SPAN_SRC + 16 * SPANS;
        static final int FUSED_TRACE = FUSED_N_SPANS + 4;
        static final int FUSED_RESULT = FUSED_N_SPANS + 8;
        static final int FUSED_BYTES = FUSED_RESULT + 16;
        // LfProgram
        static final int MAX_LENGTH = 32;
        static final int PROGRAM_BYTES = 8 + 8 * MAX_LENGTH;

        static byte[] plan(GpuPlan p, ResidentTries.Lookup tries) {
            ByteBuffer b = ByteBuffer.allocate(PLAN_BYTES).order(ByteOrder.LITTLE_ENDIAN);
            b.putInt(PLAN_NVARS, p.nvars);
            b.putInt(PLAN_OUTVARS, p.outVars);
            b.putInt(PLAN_NSLOTS, p.nslots);
            for (int l = 0; l < p.nvars; l++) {
                int base = PLAN_LEVELS + l * LEVEL_BYTES;
                JoinQuery.LevelShape s = p.shapes[l];
                int m = p.partAtom[l].length;
                b.putInt(base + LEVEL_WIDTH, m);
                b.putInt(base + LEVEL_NLOWER, s.lowerVars().length);
                b.putInt(base + LEVEL_NUPPER, s.upperVars().length);
                b.putLong(base + LEVEL_LOWER_CONST, s.lowerConst());
                b.putLong(base + LEVEL_UPPER_CONST, s.upperConst());
                for (int i = 0; i < s.lowerVars().length; i++) {
                    b.putInt(base + LEVEL_LOWER_VAR + 4 * i, s.lowerVars()[i]);
                    b.putInt(base + LEVEL_LOWER_ADD + 4 * i, s.lowerAdd()[i]);
                }
                for (int i = 0; i < s.upperVars().length; i++) {
                    b.putInt(base + LEVEL_UPPER_VAR + 4 * i, s.upperVars()[i]);
                    b.putInt(base + LEVEL_UPPER_SUB + 4 * i, s.upperSub()[i]);
                }
                for (int q = 0; q < m; q++) {
                    int pb = base + LEVEL_PARTS + q * PART_BYTES;
                    Trie t = p.query.atomTrie(p.partAtom[l][q]);
                    int tl = p.partTrieLevel[l][q];
                    b.putLong(pb + PART_VALS, tries.values(t, tl));
                    b.putLong(pb + PART_PARENT_OFF, tl == 0 ? 0L : tries.offsets(t, tl - 1));
                    b.putInt(pb + PART_PARENT_SLOT, p.partParentSlot[l][q]);
                    b.putInt(pb + PART_SLOT, p.partSlot[l][q]);
                    b.putInt(pb + PART_LEN, t.values[tl].length);
                    CoreBitmaps.OnDevice bits = tl == 0 ? null : tries.bits(t, tl);
                    if (bits != null) {
                        CoreBitmaps.Shape core = bits.shape();
                        b.putLong(pb + PART_BITS, bits.address());
                        b.putInt(pb + PART_BITS_ROW0, core.row0());
                        b.putInt(pb + PART_BITS_ROWS, core.rows());
                        b.putInt(pb + PART_BITS_COL0, core.col0());
                        b.putInt(pb + PART_BITS_WORDS, core.words());
                    }
                    int rankSpan = tl == 0 ? RankTables.span(t.values[0]) : 0;
                    if (rankSpan > 0 && tries.rank(t) != 0) {
                        b.putLong(pb + PART_RANK, tries.rank(t));
                        b.putInt(pb + PART_RANK_MIN, t.values[0][0]);
                        b.putInt(pb + PART_RANK_SPAN, rankSpan);
                    }
                }
            }
            return b.array();
        }

        static byte[] table(int rows, int cols, int slotMask, long bind, long slots, int stride, int first) {
            ByteBuffer b = ByteBuffer.allocate(TABLE_BYTES).order(ByteOrder.LITTLE_ENDIAN);
            b.putInt(TABLE_ROWS, rows);
            for (int c = 0; c < cols; c++) {
                b.putLong(TABLE_BIND + 8 * c, bind + 4L * ((long) stride * c + first));
            }
            int i = 0;
            for (int s = 0; s < MAX_SLOTS; s++) {
                if ((slotMask & (1 << s)) != 0) {
                    b.putLong(TABLE_SLOT + 8 * s, slots + 4L * ((long) stride * i++ + first));
                }
            }
            return b.array();
        }

        static ByteBuffer warpArgs(long header, int[] task, int split, int[] keep) {
            ByteBuffer args = ByteBuffer.allocate(WARP_BYTES).order(ByteOrder.LITTLE_ENDIAN);
            for (int l = 0; l < keep.length; l++) {
                args.putInt(WARP_KEEP + 4 * l, keep[l]);
            }
            args.putLong(WARP_HEADER, header);
            args.putInt(WARP_Q0, task[0]);
            args.putInt(WARP_Q1, task[1]);
            args.putInt(WARP_SPLIT, split);
            return args;
        }

        static ByteBuffer fusedArgs(long ws, int nvars, int[] keep, long rowsCap, long itemsCap) {
            int keepAll = 0;
            for (int k : keep) {
                keepAll |= k;
            }
            ByteBuffer args = ByteBuffer.allocate(FUSED_BYTES).order(ByteOrder.LITTLE_ENDIAN);
            long at = ws + HEADER_BYTES;
            for (int t = 0; t < 2; t++) {
                int table = t * TABLE_BYTES;
                for (int c = 0; c < nvars; c++, at += 4 * rowsCap) {
                    args.putLong(table + TABLE_BIND + 8 * c, at);
                }
                for (int s = 0; s < MAX_SLOTS; s++) {
                    if ((keepAll & (1 << s)) != 0) {
                        args.putLong(table + TABLE_SLOT + 8 * s, at);
                        at += 4 * rowsCap;
                    }
                }
                args.putLong(FUSED_DRV + 8 * t, at);
                at += 4 * rowsCap;
                args.putLong(FUSED_DRV_HI + 8 * t, at);
                at += 4 * rowsCap;
            }
            for (int t = 0; t < 2; t++, at += 8 * itemsCap) {
                args.putLong(FUSED_ITEMS + 8 * t, at);
            }
            args.putLong(FUSED_HEADER, ws);
            args.putLong(FUSED_ROWS_CAP, rowsCap);
            args.putLong(FUSED_ITEMS_CAP, itemsCap);
            for (int l = 0; l < nvars; l++) {
                args.putInt(FUSED_KEEP + 4 * l, keep[l]);
            }
            return args;
        }

        static int stageSpans(List<long[]> arrays, int limit, ByteBuffer args, int spanSrc, int from) {
            int spanBytes = spanSrc + 8 * SPANS;
            int spanAt = spanBytes + 4 * SPANS;
            int nSpans = spanAt + 4 * SPANS;
            int n = 0;
            int at = from;
            for (long[] span : arrays) {
                long bytes = span[1];
                if (n == SPANS || bytes == 0 || at + bytes > limit || (span[0] & 15) != 0) {
                    continue;
                }
                args.putLong(spanSrc + 8 * n, span[0]);
                args.putInt(spanBytes + 4 * n, (int) bytes);
                args.putInt(spanAt + 4 * n, at);
                at += (int) ((bytes + 15) & ~15L);
                n++;
            }
            args.putInt(nSpans, n);
            return at;
        }

        static void handover(ByteBuffer args, boolean trace, long result, long epoch, int traceAt, int resultAt) {
            args.putInt(traceAt, trace ? 1 : 0);
            args.putLong(resultAt, result);
            args.putLong(resultAt + 8, epoch);
        }

        static byte[] residentCountArgs(byte[] launchArgs, long mailbox) {
            ByteBuffer args = ByteBuffer.allocate(WARP_BYTES).order(ByteOrder.LITTLE_ENDIAN).put(0, launchArgs);
            args.putInt(WARP_TRACE, 0).putLong(WARP_RESULT, mailbox).putLong(WARP_EPOCH, 0);
            return args.array();
        }

        /** The kernels' opcodes by ValueProgram.Op's name. */
        static final java.util.Map<String, Integer> OPCODES = java.util.Map.ofEntries(
                java.util.Map.entry("VAR", 0), java.util.Map.entry("CONST", 1), java.util.Map.entry("NEG", 2),
                java.util.Map.entry("BNOT", 3), java.util.Map.entry("LNOT", 4), java.util.Map.entry("ADD", 10),
                java.util.Map.entry("SUB", 11), java.util.Map.entry("MUL", 12), java.util.Map.entry("DIV", 13),
                java.util.Map.entry("MOD", 14), java.util.Map.entry("POW", 15), java.util.Map.entry("BAND", 16),
                java.util.Map.entry("BOR", 17), java.util.Map.entry("BXOR", 18), java.util.Map.entry("BSHL", 19),
                java.util.Map.entry("BSHR", 20), java.util.Map.entry("BSHRU", 21), java.util.Map.entry("LAND", 22),
                java.util.Map.entry("LOR", 23), java.util.Map.entry("LXOR", 24), java.util.Map.entry("MIN", 25),
                java.util.Map.entry("MAX", 26), java.util.Map.entry("EQ", 27), java.util.Map.entry("FADD", 40),
                java.util.Map.entry("FSUB", 41), java.util.Map.entry("FMUL", 42), java.util.Map.entry("FDIV", 43),
                java.util.Map.entry("FNEG", 44), java.util.Map.entry("ITOF", 45), java.util.Map.entry("FTOI", 46));

        /** A program of instructions {ValueProgram.Op ordinal, arg}. */
        static byte[] program(int[][] code) {
            ByteBuffer b = ByteBuffer.allocate(PROGRAM_BYTES).order(ByteOrder.LITTLE_ENDIAN);
            b.putInt(0, code.length);
            for (int i = 0; i < code.length; i++) {
                b.putInt(8 + 4 * i, OPCODES.get(ValueProgram.Op.values()[code[i][0]].name()));
                b.putInt(8 + 4 * MAX_LENGTH + 4 * i, code[i][1]);
            }
            return b.array();
        }
    }
}
