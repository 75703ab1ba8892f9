package io.leapfrog.engine.eval;

import io.leapfrog.exec.fixpoint.CpuFixpoint;
import io.leapfrog.exec.fixpoint.FixpointProgram;
import io.leapfrog.exec.gpu.GpuAbortedException;
import io.leapfrog.exec.gpu.GpuException;
import io.leapfrog.exec.gpu.fixpoint.GpuFixpoint;
import io.leapfrog.exec.storage.Relation;

/**
 * Finishes a recursive stratum's {@link FixpointProgram} on the hash fixpoints: the GPU's when the device
 * policy takes the stratum ({@link DeviceFixpoint#takesOver}), else the CPU's, which hands the rest over to
 * the GPU between rounds once the policy takes it (auto: after it has run a while). A GPU fixpoint that
 * outgrows the device's memory leaves the stratum to the CPU, from the state it was given. Linear and
 * non-linear programs run alike; on the CPU a non-linear one takes partitioned rounds (docs/recursion.md).
 */
public final class HashFixpoint {
    /** Each relation's size, the relations to keep (null for those only counted), and the rounds run. */
    record Finished(long[] sizes, Relation[] relations, int rounds) {
    }

    /** Told of the rounds as they end: rounds {@code first..last} (from 1, the stratum's first round included). */
    @FunctionalInterface
    interface Rounds {
        void done(int first, int last, long newTuples, long nanos, String where);
    }

    private final int threads;
    private DeviceFixpoint device;
    private final String label;
    private final Rounds roundsDone;

    /**
     * @param onlyCpu why the GPU cannot run the program ({@link GpuFixpoint#unsupported}), or null
     * @param rounds  told of each CPU round, and of each run of GPU rounds, as they end
     */
    HashFixpoint(int threads, DeviceFixpoint device, String label, String onlyCpu, Rounds rounds) {
        this.threads = threads;
        this.label = label;
        this.roundsDone = rounds;
        this.device = device;
        if (device != null && onlyCpu != null) {
            device.stayed(label, "not GPU-eligible: " + onlyCpu);
            this.device = null;
        }
    }

    /**
     * How the fixpoint of a recursive stratum will run, for explain: on the hash fixpoints (where, by the
     * device mode: "cpu", "gpu", "auto" or "auto: no GPU: why") or, when the stratum does not translate
     * to one, by semi-naive rounds over sorted relations, and why.
     */
    public static String explain(EvalContext ctx, io.leapfrog.plan.StratumPlan stratum, String mode) {
        FixpointTranslator.Translation t = FixpointTranslator.translate(ctx, stratum);
        if (t.program() == null) {
            return "semi-naive rounds of leapfrog triejoins over sorted relations, on the CPU (not a hash fixpoint: "
                    + t.reason() + ")";
        }
        String where = switch (mode) {
            case "cpu" -> "on the CPU (--device cpu)";
            case "gpu" -> "on the GPU after the first round (--device gpu)";
            case "auto" -> "on the CPU, moving to the GPU " + autoMove();
            default -> "on the CPU (" + mode + ")";
        };
        int carried = t.program().carriedColumn();
        String shape = t.program().isNonLinear()
                ? "non-linear recursion: " + t.program().rules().size() + " variant(s); on the CPU in partitioned rounds"
                : "linear recursion: " + t.program().rules().size() + " variant(s)";
        String unsupported = GpuFixpoint.unsupported(t.program());
        if (unsupported != null && !mode.equals("cpu")) {
            where = "on the CPU (not GPU-eligible: " + unsupported + ")";
        } else if (mode.equals("gpu") || mode.equals("auto")) {
            String stages = GpuFixpoint.sameGenerationStages(t.program());
            where += stages == null ? "" : "; on the GPU " + stages;
        }
        return "hash sets, each round's new tuples the next delta (" + shape + "), " + where
                + (carried < 0 ? "" : "; on a GPU it outgrows, in parts by column " + carried);
    }

    /** When auto moves a stratum to the GPU, for explain. */
    private static String autoMove() {
        return String.format(java.util.Locale.ROOT, "after a round that finds %,d new tuples once the device has"
                + " started, or %,d once the stratum has run %.1f s (auto)", DeviceFixpoint.AUTO_MIN_DELTA_STARTED,
                DeviceFixpoint.AUTO_MIN_DELTA, DeviceFixpoint.AUTO_AFTER_NANOS / 1e9);
    }

    private static long deltaSize(Relation[] delta) {
        long n = 0;
        for (Relation r : delta) {
            n += r.size();
        }
        return n;
    }

    /** From {@code known} and {@code delta} as after the first round (which began at {@code t0}). */
    Finished run(FixpointProgram program, Relation[] known, Relation[] delta, boolean[] keep, long t0) {
        int rounds = 1;
        while (true) {
            long elapsed = System.nanoTime() - t0;
            if (device != null && device.takesOver(elapsed, rounds == 1 ? elapsed : 0, deltaSize(delta))) {
                try {
                    long g0 = System.nanoTime();
                    GpuFixpoint.Outcome o = device.fixpoint().run(program, known, delta, keep);
                    roundsDone.done(rounds + 1, rounds + o.rounds(), -1, System.nanoTime() - g0, "gpu-fixpoint");
                    device.ran(label, device.why(elapsed) + (program.isNonLinear() ? ", non-linear" : ""), rounds, o);
                    return new Finished(o.sizes(), o.relations(), rounds - 1 + o.rounds());
                } catch (GpuAbortedException e) {
                    throw e;
                } catch (GpuException e) {
                    // Out of device memory, a kernel's error or a lost device: the known and delta relations
                    // are the host's, untouched by the device, so the CPU finishes from the same round.
                    device.stayed(label, "warning: fell back from gpu-fixpoint because " + e.getMessage());
                    device = null;
                }
            }
            DeviceFixpoint gpu = device;
            CpuFixpoint.HandOver handOver = gpu == null ? CpuFixpoint.HandOver.NEVER
                    : (lastRound, lastDelta) -> gpu.takesOver(System.nanoTime() - t0, lastRound, lastDelta);
            int before = rounds;
            CpuFixpoint.Outcome o = new CpuFixpoint(threads, (round, nanos, found) ->
                    roundsDone.done(before + round, before + round, found, nanos, "cpu-fixpoint"))
                    .run(program, known, delta, keep, handOver);
            if (!o.handedOver()) {
                return new Finished(o.sizes(), o.relations(), rounds - 1 + o.rounds());
            }
            rounds += o.rounds();
            known = o.known();
            delta = o.delta();
        }
    }
}
