package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.gpu.DeviceBuffer;
import io.leapfrog.exec.gpu.FakeDeviceBuffers;
import io.leapfrog.exec.gpu.KernelArg;
import io.leapfrog.exec.gpu.KernelCall;
import io.leapfrog.exec.gpu.ResidentKernel;
import io.leapfrog.exec.join.Reduction;
import io.leapfrog.kernels.layout.KernelConstants;
import io.leapfrog.kernels.layout.LfFusedArgs;
import io.leapfrog.kernels.layout.LfPlan;
import io.leapfrog.kernels.layout.LfProgram;
import io.leapfrog.kernels.layout.LfReduceOp;
import io.leapfrog.kernels.layout.LfTable;
import io.leapfrog.kernels.layout.LfWarpArgs;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The typed launch wrappers ({@code *Kernels}) against the kernels they launch: every {@code extern "C"
 * __global__} kernel of kernels/src/main/cuda (its macros' instances expanded) has a wrapper, and each
 * wrapper passes the kernel's parameters in its order with its types; and each passes the parameter
 * bytes its launch site passed when it named the kernel and listed positional arguments itself.
 */
class KernelLaunchesTest {
    private static final DeviceBuffer A = FakeDeviceBuffers.at(0x1000_0000L, 1 << 20, "a");
    private static final DeviceBuffer B = FakeDeviceBuffers.at(0x2000_0000L, 1 << 20, "b");
    private static final DeviceBuffer C = FakeDeviceBuffers.at(0x3000_0000L, 1 << 20, "c");
    private static final DeviceBuffer D = FakeDeviceBuffers.at(0x4000_0000L, 1 << 20, "d");
    private static final DeviceBuffer E = FakeDeviceBuffers.at(0x5000_0000L, 1 << 20, "e");

    private static LfTable table(int rows) {
        LfTable t = new LfTable().rows(rows);
        for (int c = 0; c < 3; c++) {
            t.bind(c, 0x7000_0000L + 0x1000L * c + rows);
        }
        return t.slot(5, 0x7100_0000L + rows);
    }

    private static LfPlan plan() {
        LfPlan p = new LfPlan().nvars(3).outVars(3).nslots(5);
        for (int l = 0; l < 3; l++) {
            p.level(l).width(2).part(0).vals(0x8000_0000L + l).len(10 + l);
        }
        return p;
    }

    private static LfProgram program(int arg) {
        return new LfProgram().n(1).op(0, 0).arg(0, arg);
    }

    /** Every wrapper, once per kernel it can launch. */
    private static List<KernelCall> everyLaunch() {
        List<KernelCall> calls = new ArrayList<>();
        for (int[] size : GpuPlan.VARIANTS) {
            String v = GpuPlan.variant(size);
            calls.add(LftjKernels.count(v, 3, 9, A));
            calls.add(LftjKernels.reduce(v, 3, 9, program(1), program(2), LfReduceOp.MAX, A));
            calls.add(LftjKernels.countEach(v, 3, 9, A));
            calls.add(LftjKernels.write(v, 3, 9, A, 2, 100, 200, B));
            calls.add(LevelwiseKernels.exists(v, table(4), 2, 0b101, A));
        }
        calls.add(LevelwiseKernels.sizes(table(4), 1, true, A, B, C));
        calls.add(LevelwiseKernels.countBits(table(4), 1, A, 32, B));
        calls.add(LevelwiseKernels.count(table(4), 1, A, 5, 70, B, C, D));
        calls.add(LevelwiseKernels.flags(table(4), 1, A, 5, 70, B, C, D));
        calls.add(LevelwiseKernels.scatter(table(4), table(9), 1, A, 5, 70, B, C, D, 0b11));
        calls.add(LevelwiseKernels.compact(table(4), table(2), 2, A));
        calls.add(LevelwiseKernels.rows(table(4), 3, 0, 4, A));
        calls.add(LevelwiseKernels.reduce(table(4), 1, A, 5, 70, B, C, program(1), program(2), LfReduceOp.FSUM, D));
        calls.add(ScanKernels.longs(A, B, 100, C, 1));
        calls.add(ScanKernels.ints(A, B, 100, C, 1));
        calls.add(TrieKernels.buildRank(A, 10, 3, B));
        calls.add(TrieKernels.buildBits(A, B, 1, 2, 3, 4, C));
        calls.add(CountKernels.fusedCount(plan(), new LfFusedArgs()));
        calls.add(io.leapfrog.exec.gpu.fixpoint.FixpointKernels.count(new io.leapfrog.kernels.layout.LfFixRule(), A, 0, 100, B));
        calls.add(io.leapfrog.exec.gpu.fixpoint.FixpointKernels.expand(new io.leapfrog.kernels.layout.LfFixRule(), A, 0, B, 100,
                0, 10, new io.leapfrog.kernels.layout.LfFixSet()));
        calls.add(io.leapfrog.exec.gpu.fixpoint.FixpointKernels.insert(new io.leapfrog.kernels.layout.LfFixSet(), A, 100));
        calls.add(io.leapfrog.exec.gpu.fixpoint.FixpointKernels.indexCount(A, 100, 1, -5, B));
        calls.add(io.leapfrog.exec.gpu.fixpoint.FixpointKernels.indexPlace(A, 100, 0, 0, B, A));
        calls.add(io.leapfrog.exec.filter.FilterKernels.rsqfLookup(A, B, C, D, 20, 8, E, 100, A));
        calls.add(io.leapfrog.exec.filter.FilterKernels.placeChunks(A, 100, 8, 64, B));
        calls.add(io.leapfrog.exec.filter.FilterKernels.rsqfWrite(A, 100, 8, 64, B, C, D, E, A));
        calls.add(io.leapfrog.exec.mining.CliqueKernels.rows(A, B, C, 10, D, E));
        for (int g : io.leapfrog.exec.mining.CliqueKernels.GROUPS) {
            calls.add(io.leapfrog.exec.mining.CliqueKernels.count(g, A, B, 10, C, 5, true, D, E));
        }
        for (int head : new int[] {4, 8, KernelConstants.LF_MAX_VARS}) {
            String kernel = CountKernels.blockCount(head);
            calls.add(CountKernels.blockCount(kernel, head, plan(), new LfWarpArgs()));
            calls.add(ResidentKernel.withResidentArguments(CountKernels.residentBlockCount(kernel, head, plan(), new LfWarpArgs()),
                    0x9000L, 1, 1000));
        }
        return calls;
    }

    @Test
    void everyKernelHasAWrapperWhoseArgumentsAreItsParameters() throws IOException {
        Map<String, List<String[]>> declared = Declarations.read(kernelSources());
        assertTrue(declared.size() >= 30, "the kernels' declarations were found: " + declared.keySet());
        List<KernelCall> calls = everyLaunch();
        TreeSet<String> launched = new TreeSet<>();
        for (KernelCall call : calls) {
            List<String[]> params = declared.get(call.kernel());
            assertNotNull(params, call.kernel() + " is launched but not declared");
            List<KernelArg> args = call.args();
            assertEquals(params.size(), args.size(), call.kernel() + ": " + Declarations.text(params) + " against " + args);
            for (int i = 0; i < params.size(); i++) {
                assertEquals(params.get(i)[0], args.get(i).cType(),
                        call.kernel() + " parameter " + i + " (" + params.get(i)[1] + ") of " + Declarations.text(params));
            }
            launched.add(call.kernel());
        }
        assertEquals(new TreeSet<>(declared.keySet()), launched, "every declared kernel has a wrapper");
    }

    /** kernels/src/main/cuda, from this module's directory (where the tests run). */
    private static Path kernelSources() {
        Path dir = Path.of("").toAbsolutePath().resolveSibling("kernels").resolve("src/main/cuda");
        assertTrue(Files.isDirectory(dir), "the kernels' sources are at " + dir);
        return dir;
    }

    @Test
    void theDeclarationReaderExpandsKernelMacros() {
        String src = "#define K(NAME, B) \\\n  extern \"C\" __global__ void k##NAME(int a, const long long* b) { f<B>(a, b); }\n"
                + "K(_x, 4)\nK(, 2)\n"
                + "extern \"C\" __global__ void __launch_bounds__(LW_COUNT_MAX_THREADS) c(const __grid_constant__ LfPlanOf<4> plan,\n"
                + "    const __grid_constant__ LfWarpArgs a) { }  // extern \"C\" __global__ void commented(int x)\n";
        Map<String, List<String[]>> d = Declarations.parse(List.of(src));
        assertEquals(new TreeSet<>(List.of("c", "k", "k_x")), new TreeSet<>(d.keySet()));
        assertEquals("(int a, pointer b)", Declarations.text(d.get("k_x")));
        assertEquals("(LfPlanOf<4> plan, LfWarpArgs a)", Declarations.text(d.get("c")));
    }

    @Test
    void everyWrapperPassesTheBytesItsLaunchSitePassed() {
        LfTable in = table(4);
        LfTable out = table(9);
        LfProgram value = program(1);
        LfProgram keep = program(2);
        for (int[] size : GpuPlan.VARIANTS) {
            String v = GpuPlan.variant(size);
            same(LftjKernels.count(v, 3, 9, A), "lftj_count_" + v, 3, 9, ptr(A));
            same(LftjKernels.reduce(v, 3, 9, value, keep, LfReduceOp.MIN, A), "lftj_reduce_" + v, 3, 9, s(value, 4), s(keep, 4),
                    1, ptr(A));
            same(LftjKernels.countEach(v, 3, 9, A), "lftj_count_each_" + v, 3, 9, ptr(A));
            same(LftjKernels.write(v, 3, 9, A, 2, 100, 200, B), "lftj_write_" + v, 3, 9, A.address() + 16, 100L, 200L, ptr(B));
            same(LevelwiseKernels.exists(v, in, 2, 0b101, A), "lw_exists_" + v, s(in, 8), 2, 0b101, ptr(A));
        }
        same(LevelwiseKernels.sizes(in, 1, true, A, B, C), "lw_sizes", s(in, 8), 1, 1, ptr(A), ptr(B), ptr(C));
        same(LevelwiseKernels.sizes(in, 1, false, A, B, C), "lw_sizes", s(in, 8), 1, 0, ptr(A), ptr(B), ptr(C));
        same(LevelwiseKernels.countBits(in, 1, A, 32, B), "lw_count_bits", s(in, 8), 1, ptr(A), 32, ptr(B));
        same(LevelwiseKernels.count(in, 1, A, 0, 70, B, C, D), "lw_count", s(in, 8), 1, ptr(A), 0L, 70L, ptr(B), ptr(C), ptr(D));
        same(LevelwiseKernels.flags(in, 1, A, 5, 70, B, C, D), "lw_flags", s(in, 8), 1, ptr(A), 5L, 70L, ptr(B), ptr(C), ptr(D));
        same(LevelwiseKernels.scatter(in, out, 1, A, 5, 70, B, C, D, 0b11), "lw_scatter", s(in, 8), s(out, 8), 1, ptr(A), 5L, 70L,
                ptr(B), ptr(C), ptr(D), 0b11);
        same(LevelwiseKernels.compact(in, out, 2, A), "lw_compact", s(in, 8), s(out, 8), 2, ptr(A));
        same(LevelwiseKernels.rows(in, 3, 0, 4, A), "lw_rows", s(in, 8), 3, 0, 4, ptr(A));
        for (Reduction.Op op : Reduction.Op.values()) {   // the launch sites passed the operation's ordinal
            same(LevelwiseKernels.reduce(in, 1, A, 0, 70, B, C, value, keep, DeviceReduction.op(op), E), "lw_reduce", s(in, 8), 1,
                    ptr(A), 0L, 70L, ptr(B), ptr(C), s(value, 4), s(keep, 4), op.ordinal(), ptr(E));
            same(LftjKernels.reduce("v4p4", 3, 9, value, keep, DeviceReduction.op(op), A), "lftj_reduce_v4p4", 3, 9, s(value, 4),
                    s(keep, 4), op.ordinal(), ptr(A));
        }
        same(ScanKernels.longs(A, B, 100, C, 1), "scan_i64", ptr(A), ptr(B), 100, ptr(C), 1);
        same(ScanKernels.ints(A, B, 100, C, 1), "scan_i32", ptr(A), ptr(B), 100, ptr(C), 1);
        same(TrieKernels.buildRank(A, 10, 3, B), "lf_build_rank", ptr(A), 10, 3, ptr(B));
        same(TrieKernels.buildBits(A, B, 1, 2, 3, 4, C), "lf_build_bits", ptr(A), ptr(B), 1, 2, 3, 4, ptr(C));
        same(io.leapfrog.exec.filter.FilterKernels.rsqfLookup(A, B, C, D, 20, 8, E, 100, A), "qf_rsqf_lookup", ptr(A), ptr(B),
                ptr(C), ptr(D), 20, 8, ptr(E), 100L, ptr(A));
        same(io.leapfrog.exec.filter.FilterKernels.placeChunks(A, 100, 8, 64, B), "qf_place_chunks", ptr(A), 100L, 8, 64, ptr(B));
        same(io.leapfrog.exec.filter.FilterKernels.rsqfWrite(A, 100, 8, 64, B, C, D, E, A), "qf_rsqf_write", ptr(A), 100L, 8, 64,
                ptr(B), ptr(C), ptr(D), ptr(E), ptr(A));
        same(io.leapfrog.exec.mining.CliqueKernels.rows(A, B, C, 10, D, E), "kc_rows", ptr(A), ptr(B), ptr(C), 10, ptr(D), ptr(E));
        same(io.leapfrog.exec.mining.CliqueKernels.count(8, A, B, 10, C, 5, true, D, E), "kc_count_8", ptr(A), ptr(B), 10,
                ptr(C), 5, 1, ptr(D), ptr(E));
        LfPlan plan = plan();
        LfFusedArgs fused = new LfFusedArgs().header(0x1234).rowsCap(64);
        same(CountKernels.fusedCount(plan, fused), "lw_fused_count", s(plan, 8), s(fused, 8));
        LfWarpArgs warp = new LfWarpArgs().header(0x4321).split(3);
        for (int head : new int[] {4, 8, KernelConstants.LF_MAX_VARS}) {
            String kernel = CountKernels.blockCount(head);
            byte[] planHead = Arrays.copyOf(plan.array(), 16 + head * (96 + 8 * 72));
            same(CountKernels.blockCount(kernel, head, plan, warp), kernel, new Struct(planHead, 8), s(warp, 8));
            byte[] resident = ByteBuffer.allocate(24).order(ByteOrder.LITTLE_ENDIAN).putLong(0, 0x9000L).putLong(8, 5)
                    .putLong(16, 1000).array();
            same(ResidentKernel.withResidentArguments(CountKernels.residentBlockCount(kernel, head, plan, warp), 0x9000L, 5, 1000),
                    kernel + "_resident", new Struct(planHead, 8), s(warp, 8), new Struct(resident, 8));
        }
        assertEquals("lw_block_count_v4", CountKernels.blockCount(4));
        assertEquals("lw_block_count_v8", CountKernels.blockCount(8));
        assertEquals("lw_block_count", CountKernels.blockCount(KernelConstants.LF_MAX_VARS));
    }

    /** A struct parameter as a launch site passed it: its bytes, at an alignment. */
    private record Struct(byte[] bytes, int align) {
    }

    private static Struct s(io.leapfrog.kernels.layout.KernelStruct k, int align) {
        return new Struct(k.array().clone(), align);
    }

    private static Long ptr(DeviceBuffer b) {
        return b.address();
    }

    /**
     * {@code call} launches {@code kernel} with the parameter bytes of {@code args} (Integer: an int,
     * Long: a long long or pointer, Struct: a struct by value) packed as the launcher packed them.
     */
    private static void same(KernelCall call, String kernel, Object... args) {
        assertEquals(kernel, call.kernel());
        ByteBuffer b = ByteBuffer.allocate(1 << 15).order(ByteOrder.LITTLE_ENDIAN);
        int at = 0;
        for (Object a : args) {
            if (a instanceof Integer i) {
                at = (at + 3) & -4;
                b.putInt(at, i);
                at += 4;
            } else if (a instanceof Long l) {
                at = (at + 7) & -8;
                b.putLong(at, l);
                at += 8;
            } else {
                Struct s = (Struct) a;
                at = (at + s.align - 1) & -s.align;
                b.put(at, s.bytes);
                at += s.bytes.length;
            }
        }
        assertArrayEquals(Arrays.copyOf(b.array(), at), call.parameterBytes(), kernel);
    }

    /**
     * The kernels' {@code extern "C" __global__} declarations: per kernel, its parameters as {type, name},
     * the type as a KernelArg names it (int for unsigned too, long long, pointer, or the struct's type).
     */
    static final class Declarations {
        private static final Pattern DEFINE = Pattern.compile("#define\\s+(\\w+)\\(([^)]*)\\)(.*)");
        private static final Pattern KERNEL = Pattern.compile(
                "extern\\s+\"C\"\\s+__global__\\s+void\\s+(?:__launch_bounds__\\s*\\([^)]*\\)\\s*)?(\\w+)\\s*\\(([^)]*)\\)");

        static Map<String, List<String[]>> read(Path dir) throws IOException {
            List<String> texts = new ArrayList<>();
            try (Stream<Path> files = Files.list(dir)) {
                for (Path f : (Iterable<Path>) files.sorted()::iterator) {
                    if (f.toString().endsWith(".cuh") || f.toString().endsWith(".cu")) {
                        texts.add(Files.readString(f));
                    }
                }
            }
            return parse(texts);
        }

        /** The declarations in {@code texts}: comments dropped, the invocations of macros that declare kernels expanded. */
        static Map<String, List<String[]>> parse(List<String> texts) {
            Map<String, String[]> macros = new LinkedHashMap<>();   // name -> {params, body}
            List<String> code = new ArrayList<>();
            for (String text : texts) {
                String t = text.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("//[^\\n]*", "").replace("\\\n", " ");
                StringBuilder rest = new StringBuilder();
                for (String line : t.split("\n")) {
                    Matcher m = DEFINE.matcher(line.strip());
                    if (m.matches() && m.group(3).contains("__global__")) {
                        macros.put(m.group(1), new String[] {m.group(2), m.group(3)});
                    } else {
                        rest.append(line).append('\n');
                    }
                }
                code.add(rest.toString());
            }
            StringBuilder all = new StringBuilder();
            for (String c : code) {
                all.append(c);
                for (Map.Entry<String, String[]> macro : macros.entrySet()) {
                    Matcher m = Pattern.compile("(?m)^\\s*" + macro.getKey() + "\\(([^()]*)\\)\\s*$").matcher(c);
                    while (m.find()) {
                        all.append(expand(macro.getValue(), m.group(1))).append('\n');
                    }
                }
            }
            Map<String, List<String[]>> kernels = new LinkedHashMap<>();
            Matcher k = KERNEL.matcher(all);
            while (k.find()) {
                List<String[]> params = new ArrayList<>();
                for (String p : k.group(2).split(",")) {
                    params.add(param(p));
                }
                kernels.put(k.group(1), params);
            }
            return kernels;
        }

        private static String expand(String[] macro, String actual) {
            String[] names = macro[0].split(",", -1);
            String[] values = actual.split(",", -1);
            String body = macro[1];
            for (int i = 0; i < names.length; i++) {
                body = body.replaceAll("\\b" + Pattern.quote(names[i].strip()) + "\\b",
                        Matcher.quoteReplacement(i < values.length ? values[i].strip() : ""));
            }
            return body.replaceAll("\\s*##\\s*", "");
        }

        /** {type, name} of one parameter declaration. */
        private static String[] param(String decl) {
            String d = decl.replace("__grid_constant__", " ").replaceAll("\\bconst\\b", " ").strip().replaceAll("\\s+", " ");
            int cut = d.lastIndexOf(' ');
            String type = d.substring(0, cut).strip();
            String name = d.substring(cut + 1);
            if (type.endsWith("*") || name.startsWith("*")) {
                return new String[] {"pointer", name.replace("*", "")};
            }
            return new String[] {type.equals("unsigned") ? "int" : type, name};
        }

        static String text(List<String[]> params) {
            StringBuilder b = new StringBuilder("(");
            for (String[] p : params) {
                b.append(b.length() > 1 ? ", " : "").append(p[0]).append(' ').append(p[1]);
            }
            return b.append(')').toString();
        }
    }
}
