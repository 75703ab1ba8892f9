package io.leapfrog.tests.gpu;

import io.leapfrog.exec.filter.FilterKind;
import io.leapfrog.exec.filter.GpuRsqf;
import io.leapfrog.exec.filter.Multiplicity;
import io.leapfrog.exec.filter.QuotientFilter;
import io.leapfrog.exec.filter.QuotientFilters;
import io.leapfrog.exec.gpu.GpuDevice;
import io.leapfrog.exec.gpu.GpuRuntime;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The GPU RSQF against the CPU one: a filter built on the device has the CPU filter's bytes for the same keys
 * and widths, and device lookups (in a GPU-built and in an uploaded filter) answer exactly as the CPU's.
 */
@Tag("gpu")
class QuotientFilterGpuTest {
    private static GpuDevice device() {
        GpuRuntime rt = GpuRuntime.probe();
        Assumptions.assumeTrue(rt.available(), "no GPU: " + rt.unavailableReason());
        return rt.device();
    }

    @ParameterizedTest
    @CsvSource({
            "SET, 10, 8, 700, 5000",          // small, 8-bit remainders
            "COUNTING, 12, 5, 3000, 1000",    // few distinct keys, many copies, long runs and spills
            "SET, 20, 13, 780000, 0",         // near 75% fill, remainders straddling words
            "COUNTING, 18, 32, 150000, 0",    // 32-bit remainders
            "SET, 16, 1, 49000, 0"})          // 1-bit remainders: most keys share fingerprints
    void gpuBuildAndLookupsEqualTheCpu(Multiplicity m, int q, int r, int keys, int keyRange) {
        GpuDevice device = device();
        SplittableRandom random = new SplittableRandom(q * 31L + r);
        long[] members = keyRange > 0 ? random.longs(keys, 0, keyRange).toArray() : random.longs(keys).toArray();
        QuotientFilter cpu = QuotientFilters.withWidths(FilterKind.RSQF, m, q, r);
        cpu.insertAll(members);
        assertEquals(q, cpu.quotientBits(), "the CPU filter did not grow");

        long[] probes = new long[members.length + 300_001];
        System.arraycopy(members, 0, probes, 0, members.length);
        for (int i = members.length; i < probes.length; i++) {
            probes[i] = random.nextLong();
        }
        long[] want = new long[(probes.length + 63) / 64];
        long wantHits = cpu.mightContainAll(probes, want);

        try (GpuRsqf built = GpuRsqf.build(device, members, m, q, r);
             GpuRsqf uploaded = GpuRsqf.upload(device, cpu)) {
            assertArrayEquals(cpu.toBytes(), built.download().toBytes(), "GPU-built filter bytes");
            assertArrayEquals(cpu.toBytes(), uploaded.download().toBytes(), "uploaded filter bytes");
            for (GpuRsqf f : new GpuRsqf[] {built, uploaded}) {
                long[] got = new long[want.length];
                assertEquals(wantHits, f.mightContainAll(probes, got));
                assertArrayEquals(want, got);
            }
        }
        assertTrue(wantHits >= members.length || m == Multiplicity.COUNTING || keyRange > 0);
    }
}
