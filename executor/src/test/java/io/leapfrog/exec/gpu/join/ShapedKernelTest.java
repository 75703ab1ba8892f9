package io.leapfrog.exec.gpu.join;

import io.leapfrog.exec.gpu.KernelCompiler;
import io.leapfrog.exec.join.JoinQuery;
import io.leapfrog.exec.storage.Relation;
import io.leapfrog.exec.storage.Trie;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Kernels generated for a plan's shape, without a GPU: what the shape holds (and what it leaves to the
 * plan), the source, and (where nvcc is, as on CI) that the source compiles. The GPU tests check their
 * counts (GpuDifferentialTest, shaped kernels awaited).
 */
class ShapedKernelTest {
    private static final Trie EDGES = Relation.of(2, new int[][]{{0, 1}, {0, 2}, {1, 2}, {1, 3}, {2, 3}}).trie(new int[]{0, 1});
    private static final Trie OTHER = Relation.of(2, new int[][]{{0, 1}, {1, 2}, {2, 5}, {3, 4}}).trie(new int[]{0, 1});

    /** Stand-in addresses, different for each trie: a shape must not depend on them. */
    private static ResidentTries.Lookup at(long base, boolean bitmaps) {
        return new ResidentTries.Lookup() {
            @Override
            public long values(Trie t, int level) {
                return base + 0x100L * level;
            }

            @Override
            public long offsets(Trie t, int level) {
                return base + 0x10000L + 0x100L * level;
            }

            @Override
            public long rank(Trie t) {
                return 0;
            }

            @Override
            public CoreBitmaps.OnDevice bits(Trie t, int level) {
                return bitmaps && level == 1 ? new CoreBitmaps.OnDevice(base + 0x90000L, new CoreBitmaps.Shape(0, 4, 0, 1)) : null;
            }
        };
    }

    private static JoinQuery fourCliques(Trie e) {
        return JoinQuery.builder(4).atom(e, 0, 1).atom(e, 0, 2).atom(e, 0, 3).atom(e, 1, 2).atom(e, 1, 3).atom(e, 2, 3).build();
    }

    private static ShapedKernel shapeOf(JoinQuery q, ResidentTries.Lookup where) {
        GpuPlan p = GpuPlan.of(q);
        int[] keep = new int[p.nvars];
        for (int l = 0; l < p.nvars; l++) {
            keep[l] = p.keepSlotsAfter(l);
        }
        return ShapedKernel.of(p.encode(where), p.nvars, CountKernels.planHead(p.nvars), DepthFirstCount.taskParticipants(p), keep);
    }

    @Test
    void oneQueryShapeOverOtherDataIsOneKernel() {
        assertEquals(shapeOf(fourCliques(EDGES), at(0x1000, false)), shapeOf(fourCliques(OTHER), at(0x7000000, false)));
        assertEquals(shapeOf(fourCliques(EDGES), at(0x1000, false)).hashCode(),
                shapeOf(fourCliques(OTHER), at(0x7000000, false)).hashCode());
    }

    @Test
    void boundsBitmapsAndLevelsMakeOtherShapes() {
        ShapedKernel plain = shapeOf(fourCliques(EDGES), at(0x1000, false));
        assertNotEquals(plain, shapeOf(fourCliques(EDGES), at(0x1000, true)), "a core bitmap is shape");
        JoinQuery bounded = JoinQuery.builder(4).atom(EDGES, 0, 1).atom(EDGES, 0, 2).atom(EDGES, 0, 3).atom(EDGES, 1, 2)
                .atom(EDGES, 1, 3).atom(EDGES, 2, 3).lowerBoundConst(3, 2, true).build();
        assertNotEquals(plain, shapeOf(bounded, at(0x1000, false)), "a comparison is shape");
        JoinQuery triangles = JoinQuery.builder(3).atom(EDGES, 0, 1).atom(EDGES, 1, 2).atom(EDGES, 0, 2).build();
        assertNotEquals(plain, shapeOf(triangles, at(0x1000, false)));
    }

    @Test
    void theSourceInstantiatesTheBlockCountWithTheShape() {
        String src = shapeOf(fourCliques(EDGES), at(0x1000, true)).source("lw_block_count_sX");
        assertTrue(src.contains("#define LF_SHAPED_MODULE"), src);
        assertTrue(src.contains("lw_block_count_of<LfShape>(plan, a)"), src);
        assertTrue(src.contains("lw_block_count_sX(const __grid_constant__ LfPlanOf<4> plan"), src);
        assertTrue(src.contains("static constexpr int width(int l) { constexpr int v[] = {1, 2, 3, 3};"), src);
        assertTrue(src.contains("static constexpr int nvars() { return 4; }"), src);
    }

    @Test
    void theSourceCompilesWhereNvccIs(@TempDir Path cache) throws Exception {
        assumeTrue(KernelCompiler.foundNvcc() != null, "no nvcc here");
        assumeTrue(ShapedKernelTest.class.getResource("/io/leapfrog/kernels/cuda/headers.txt") != null, "a build without kernels");
        KernelCompiler compiler = KernelCompiler.of(null, cache);
        assertTrue(compiler.available(), "nvcc and the packed headers are found");
        String src = shapeOf(fourCliques(EDGES), at(0x1000, true)).source("lw_block_count_sTest");
        assertEquals(null, compiler.cubinIfReady(src, "sm_90"), "the first ask starts the compile");
        assertTrue(compiler.awaitCompiles(300), "compiled within 300 s");
        byte[] cubin = compiler.cubinIfReady(src, "sm_90");
        assertNotNull(cubin, "nvcc failed: " + compiler.lastFailure());
        assertTrue(cubin.length > 1000);
        String symbols = new String(cubin, java.nio.charset.StandardCharsets.ISO_8859_1);
        assertTrue(symbols.contains("lw_block_count_sTest\0"), "the count's kernel is in the module");
        assertTrue(symbols.contains("lw_block_count_sTest_resident\0"), "and its resident form (ShapedKernels loads both)");
        try (var files = Files.list(cache)) {
            assertEquals(1, files.filter(f -> f.toString().endsWith(".cubin")).count(), "one cubin cached on disk");
        }
        // A cubin an earlier process left in the cache serves the first ask at once (here: one put there by hand).
        String other = src + "// another source\n";
        Files.write(cache.resolve(KernelCompiler.key(other, "sm_90") + ".cubin"), cubin);
        assertArrayEquals(cubin, compiler.cubinIfReady(other, "sm_90"), "the cached cubin, with no compile");
    }

    /**
     * A compiler whose nvcc does not exist: its compile fails, the caller sees no cubin and why (which the
     * executor reports as a warning), and nothing is cached.
     */
    @Test
    void aCompileThatFailsSaysWhy(@TempDir Path cache) throws Exception {
        assumeTrue(ShapedKernelTest.class.getResource("/io/leapfrog/kernels/cuda/headers.txt") != null, "a build without kernels");
        KernelCompiler compiler = KernelCompiler.of(cache.resolve("no-such-nvcc"), cache);
        String src = shapeOf(fourCliques(EDGES), at(0x1000, false)).source("lw_block_count_sFails");
        String key = KernelCompiler.key(src, "sm_90");
        assertEquals(null, compiler.cubinIfReady(key, src, "sm_90"));
        assertTrue(compiler.awaitCompiles(60), "the failed compile ended");
        assertEquals(null, compiler.cubinIfReady(key, src, "sm_90"), "no cubin");
        assertNotNull(compiler.failure(key), "the failure is kept, for the warning");
        assertTrue(compiler.failure(key).contains("no-such-nvcc"), compiler.failure(key));
        try (var files = Files.list(cache)) {
            assertEquals(0, files.filter(f -> f.toString().endsWith(".cubin")).count(), "nothing cached");
        }
    }
}
