package io.leapfrog.bench;

import io.leapfrog.exec.filter.FilterKind;
import io.leapfrog.exec.filter.GpuRsqf;
import io.leapfrog.exec.filter.Multiplicity;
import io.leapfrog.exec.filter.QuotientFilter;
import io.leapfrog.exec.filter.QuotientFilters;
import io.leapfrog.exec.gpu.GpuDevice;
import io.leapfrog.exec.gpu.GpuRuntime;

import java.util.Locale;
import java.util.SplittableRandom;

/**
 * RSQF build and lookup rates through the public filter API, on the CPU and on the GPU: for a filter of
 * 2^q slots filled to each given fraction, the CPU bulk build, the GPU build ({@link GpuRsqf#build}: hashing
 * and sorting on the host, the layout on the device), and batch lookups of as many keys as the filter holds
 * plus as many absent ones, on the CPU (one thread) and on the GPU ({@link GpuRsqf#mightContainAll}, which
 * copies the keys to the device and the answer bits back, batch by batch). Each rate is the best of
 * {@code reps} runs after one warm-up. The GPU figures include those copies: they are what a caller of the
 * API gets, not the kernel's rate on keys already on the device.
 * Run: {@code java ... io.leapfrog.bench.FilterThroughput Q R FILL[,FILL...] [reps]}.
 */
public final class FilterThroughput {
    private FilterThroughput() {
    }

    public static void main(String[] args) {
        int q = Integer.parseInt(args[0]);
        int r = Integer.parseInt(args[1]);
        String[] fills = args[2].split(",");
        int reps = args.length > 3 ? Integer.parseInt(args[3]) : 3;
        GpuRuntime rt = GpuRuntime.probe();
        GpuDevice device = rt.available() ? rt.device() : null;
        if (device == null) {
            System.out.println("no GPU (" + rt.unavailableReason() + "): CPU rates only");
        }
        System.out.println("q,r,fill,keys,cpu_build_Mkeys_s,cpu_lookup_Mkeys_s,gpu_build_Mkeys_s,gpu_lookup_Mkeys_s,"
                + "false_positive_rate");
        for (String f : fills) {
            double fill = Double.parseDouble(f);
            int n = (int) (fill * (1L << q));
            SplittableRandom random = new SplittableRandom(q * 1_000_003L + n);
            long[] keys = random.longs(n).toArray();
            long[] probes = new long[2 * n];
            System.arraycopy(keys, 0, probes, 0, n);
            for (int i = n; i < probes.length; i++) {
                probes[i] = random.nextLong();
            }
            long[] bits = new long[(probes.length + 63) / 64];

            QuotientFilter cpu = null;
            double cpuBuild = 0;
            for (int i = 0; i <= reps; i++) {
                long t0 = System.nanoTime();
                QuotientFilter built = QuotientFilters.withWidths(FilterKind.RSQF, Multiplicity.SET, q, r);
                built.insertAll(keys);
                double rate = n / ((System.nanoTime() - t0) / 1e3);
                cpuBuild = i == 0 ? 0 : Math.max(cpuBuild, rate);
                cpu = built;
            }
            double cpuLookup = 0;
            long hits = 0;
            for (int i = 0; i <= reps; i++) {
                long t0 = System.nanoTime();
                hits = cpu.mightContainAll(probes, bits);
                double rate = probes.length / ((System.nanoTime() - t0) / 1e3);
                cpuLookup = i == 0 ? 0 : Math.max(cpuLookup, rate);
            }
            if (hits < n) {
                throw new IllegalStateException("the CPU filter lost members: " + hits + " hits for " + n + " keys");
            }
            double fpr = (double) (hits - n) / n;

            double gpuBuild = Double.NaN;
            double gpuLookup = Double.NaN;
            if (device != null) {
                gpuBuild = 0;
                for (int i = 0; i <= reps; i++) {
                    long t0 = System.nanoTime();
                    try (GpuRsqf g = GpuRsqf.build(device, keys, Multiplicity.SET, q, r)) {
                        double rate = n / ((System.nanoTime() - t0) / 1e3);
                        gpuBuild = i == 0 ? 0 : Math.max(gpuBuild, rate);
                    }
                }
                gpuLookup = 0;
                try (GpuRsqf g = GpuRsqf.upload(device, cpu)) {
                    for (int i = 0; i <= reps; i++) {
                        long t0 = System.nanoTime();
                        long gpuHits = g.mightContainAll(probes, bits);
                        double rate = probes.length / ((System.nanoTime() - t0) / 1e3);
                        gpuLookup = i == 0 ? 0 : Math.max(gpuLookup, rate);
                        if (gpuHits != hits) {
                            throw new IllegalStateException("GPU and CPU lookups differ: " + gpuHits + " against " + hits);
                        }
                    }
                }
            }
            System.out.println(String.format(Locale.ROOT, "%d,%d,%.2f,%d,%.1f,%.1f,%.1f,%.1f,%.6f", q, r, fill, n,
                    cpuBuild, cpuLookup, gpuBuild, gpuLookup, fpr));
        }
    }
}
