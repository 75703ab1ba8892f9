package io.leapfrog.bench;

import io.leapfrog.exec.gpu.DeviceBuffer;
import io.leapfrog.exec.gpu.GpuDevice;
import io.leapfrog.exec.gpu.GpuRuntime;
import io.leapfrog.exec.gpu.KernelCall;
import io.leapfrog.exec.gpu.join.CountKernels;
import io.leapfrog.exec.gpu.join.LevelwiseKernels;
import io.leapfrog.exec.gpu.join.TrieKernels;
import io.leapfrog.kernels.layout.KernelConstants;
import io.leapfrog.kernels.layout.LfFusedArgs;
import io.leapfrog.kernels.layout.LfPlan;
import io.leapfrog.kernels.layout.LfProgram;
import io.leapfrog.kernels.layout.LfReduceOp;
import io.leapfrog.kernels.layout.LfTable;
import io.leapfrog.kernels.layout.LfWarpArgs;

/**
 * The GPU runtime's fixed costs, which bound how fast a join on a small graph can be: a kernel launch
 * (through the native launch library or JCuda, as the first line says), a launch followed by a
 * synchronisation, a one-value read-back, a small upload, a plan (constant memory) upload, cooperative
 * launches and empty depth-first counts. Each is the mean of many repetitions after as many warm-ups.
 * {@code bench/native/launch_latency.cu} measures the same shapes through the driver API in C, so the
 * difference is what the Java side adds.
 * Run: {@code java ... io.leapfrog.bench.GpuLatency [repetitions]}.
 */
public final class GpuLatency {
    private GpuLatency() {
    }

    public static void main(String[] args) {
        int reps = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        GpuRuntime rt = GpuRuntime.probe();
        if (!rt.available()) {
            System.err.println("no GPU: " + rt.unavailableReason());
            System.exit(1);
        }
        GpuDevice dev = rt.device();
        System.out.println("launches: " + GpuDevice.launchPath());
        dev.run(() -> {
            try (DeviceBuffer buf = dev.allocate(64, "latency probe")) {
                // lf_build_rank over no values: a launch with 4 parameters that does no work.
                KernelCall rank = TrieKernels.buildRank(buf, 0, 0, buf);
                Runnable launch = () -> dev.launchGrid(rank, 1, 32);
                report("launch (no sync)", reps, () -> launch.run(), dev);
                // lw_count over no candidates: the level-wise candidate kernels' 8 parameters (one of them
                // the 392-byte level table) in a launch that does no work.
                LfTable table = new LfTable();
                KernelCall count = LevelwiseKernels.count(table, 0, buf, 0, 0, buf, buf, buf);
                report("launch, lw_count's 8", reps, () -> dev.launchGrid(count, 1, 32), dev);
                // lw_reduce over no candidates: 11 parameters, the level table and two 264-byte programs
                // (the reduced value and the bindings' filter).
                KernelCall reduce = LevelwiseKernels.reduce(table, 0, buf, 0, 0, buf, buf, new LfProgram(), new LfProgram(),
                        LfReduceOp.SUM, buf);
                report("launch, lw_reduce's 11", reps, () -> dev.launchGrid(reduce, 1, 32), dev);
                report("launch + sync", reps, () -> {
                    launch.run();
                    dev.sync();
                }, null);
                report("sync (idle stream)", reps, dev::sync, null);
                report("read one long", reps, () -> dev.readLong(buf, 0), null);
                int[] small = new int[4];
                report("upload 16 bytes", reps, () -> dev.upload(small, 0, 4, buf, 0), null);
                report("fill 4 ints", reps, () -> dev.fill(buf, 0, 4, 0), dev);
                byte[] emptyPlan = new byte[LfPlan.BYTES];
                report("plan to constant memory", reps, () -> dev.setConstant("c_plan", emptyPlan), dev);
                // lw_fused_count over a plan of no levels: a cooperative launch with the plan (10,768 bytes)
                // and the fused count's arguments (1,328 bytes) as parameters, doing no work but handing its
                // result (0) to the mapped result slot.
                long[] slot = dev.resultSlot();
                LfFusedArgs fusedArgs = new LfFusedArgs().header(buf.address()).result(slot[0]);
                KernelCall fused = CountKernels.fusedCount(new LfPlan(), fusedArgs);
                int blocks = dev.maxResidentBlocks("lw_fused_count", 256);
                report("cooperative launch", reps, () -> dev.launchCooperative(fused, blocks, 256), dev);
                report("cooperative launch + sync", reps, () -> {
                    dev.launchCooperative(fused, blocks, 256);
                    dev.sync();
                }, null);
                report("same, 1 block per SM", reps, () -> {
                    dev.launchCooperative(fused, dev.multiprocessors(), 256);
                    dev.sync();
                }, null);
                // lw_block_count over a plan of no levels (no tasks): an ordinary launch with the plan and its
                // arguments (496 bytes), awaited through the mapped result as the depth-first count awaits it. One
                // 1,024-thread block per SM, without dynamic shared memory and with the 190 KiB ca-GrQc's takes;
                // then smaller grids, and a sync instead of the mapped result (where its time goes).
                LfWarpArgs countArgs = new LfWarpArgs().header(buf.address()).result(slot[0]);
                report("block count launch + await", reps,
                        emptyBlockCount(dev, buf, countArgs, dev.multiprocessors(), 1024, 0, true), null);
                report("block count launch + await, 190 KiB", reps,
                        emptyBlockCount(dev, buf, countArgs, dev.multiprocessors(), 1024, 190 << 10, true), null);
                report("block count, 1 block of 1024 + await", reps, emptyBlockCount(dev, buf, countArgs, 1, 1024, 0, true), null);
                report("block count, 1 block of 32 + await", reps, emptyBlockCount(dev, buf, countArgs, 1, 32, 0, true), null);
                report("block count launch + sync", reps,
                        emptyBlockCount(dev, buf, countArgs, dev.multiprocessors(), 1024, 0, false), null);
            }
            return null;
        });
    }

    /**
     * An empty lw_block_count as the depth-first count makes it: its header cleared, a launch of {@code blocks} of
     * {@code block} threads with {@code shared} bytes of dynamic shared memory, and its result awaited in
     * the mapped slot ({@code await}) or the stream synchronised.
     */
    private static Runnable emptyBlockCount(GpuDevice dev, DeviceBuffer header, LfWarpArgs countArgs, int blocks, int block,
                                           int shared, boolean await) {
        int head = KernelConstants.LF_MAX_VARS;
        KernelCall count = CountKernels.blockCount(CountKernels.blockCount(head), head, new LfPlan(), countArgs);
        return () -> {
            long[] s = dev.resultSlot();
            countArgs.epoch(s[1]);
            dev.fill(header, 0, 16, 0);
            dev.launchGrid(count, blocks, block, shared);
            if (await) {
                dev.awaitResult(s[1], KernelConstants.LW_RESULT_EPOCH,
                        KernelConstants.LW_RESULT_EPOCH);
            } else {
                dev.sync();
            }
        };
    }

    private static void report(String what, int reps, Runnable op, GpuDevice syncAfter) {
        for (int i = 0; i < reps; i++) {   // warm-up: as many as are timed, so that the JIT has compiled the host path
            op.run();
        }
        if (syncAfter != null) {
            syncAfter.sync();
        }
        long t0 = System.nanoTime();
        for (int i = 0; i < reps; i++) {
            op.run();
        }
        if (syncAfter != null) {
            syncAfter.sync();
        }
        double us = (System.nanoTime() - t0) / 1e3 / reps;
        System.out.printf("%-26s %8.2f us%n", what, us);
    }
}
