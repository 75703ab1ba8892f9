package io.leapfrog.exec.gpu;

import io.leapfrog.kernels.layout.KernelConstants;
import io.leapfrog.kernels.layout.LwResidentArgs;
import jcuda.driver.JCudaDriver;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * A kernel left running between jobs (kernels/src/main/cuda/resident.cuh): launched once, it takes each
 * job the host posts in mapped host memory and hands the result back there, so a job costs neither a
 * launch (the host's call and the device's start) nor the kernel's set-up again.
 * It ends when it has had no job for its idle time ({@code GpuOptions.residentIdle}), when it is retired,
 * or on an abort request; the next job then launches it again.
 *
 * <p>While it runs it holds every multiprocessor, so the device retires it before it queues any other
 * work or calls the driver in a way that waits for the device ({@link GpuDevice#retireResident}). One
 * device has at most one, made for one {@code owner} (a count's prepared launch): a job for another owner
 * retires it and launches that owner's. The kernel's arguments are fixed at its launch, which is why a job
 * carries nothing but its number.
 *
 * <p>Mailbox words (the device's {@link MappedResult} for resident kernels): 0..{@code words}-1 the
 * result, {@code LW_RESULT_EPOCH} the job word it answers, {@code LW_RESIDENT_JOB} the job word the host
 * posts: {@code (instance << 32) | n} for the launch's instance number and job number n = 1, 2, ...;
 * n = {@code LW_RESIDENT_QUIT} ends the instance (kernels/src/main/layout/layout.def).
 *
 * <p>While it waits for a job it keeps every multiprocessor busy, which other processes sharing the GPU
 * would feel: the executor uses it only when its options ask for it ({@code GpuOptions.residentCounts}).
 */
public final class ResidentKernel {
    private static final int ANSWERED = KernelConstants.LW_RESULT_EPOCH;
    private static final int JOB = KernelConstants.LW_RESIDENT_JOB;
    private static final long QUIT = KernelConstants.LW_RESIDENT_QUIT;
    /** Launch instance numbers, never 0 and never reused in the process: a stale job word matches no instance. */
    private static final AtomicLong INSTANCES = new AtomicLong();
    /** Devices on which a resident kernel ended three times in a row without taking its job. */
    private static final java.util.Set<GpuDevice> REFUSED = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private final GpuDevice dev;
    private final Object owner;
    private final int blocks;
    private final int block;
    private final int shared;
    private final KernelCall call;
    private final long idleNanos;
    private final Consumer<String> warnings;
    private long instance;
    private long jobs;
    private boolean live;

    private ResidentKernel(GpuDevice dev, Object owner, KernelCall call, int blocks, int block, int shared,
                           long idleNanos, Consumer<String> warnings) {
        this.dev = dev;
        this.owner = owner;
        this.call = call;
        this.blocks = blocks;
        this.block = block;
        this.shared = shared;
        this.idleNanos = idleNanos;
        this.warnings = warnings;
    }

    /**
     * Whether {@code dev} can take jobs of a resident kernel now: not where one kept ending without taking
     * its job (the device then cannot hold all its blocks at once, shared with other work as under MPS, and
     * each block count is launched), nor while the running caller has every launch followed by a
     * synchronisation (profiling, syncing after each), which would wait for the kernel to idle out before
     * its first job. Call inside {@link GpuDevice#run}.
     */
    public static boolean usable(GpuDevice dev) {
        return !REFUSED.contains(dev) && !dev.launchesSynchronised();
    }

    /** Where the kernel's result words go (its arguments point there). Call inside {@link GpuDevice#run}. */
    public static long mailbox(GpuDevice dev) {
        return dev.residentMailbox().deviceAddress();
    }

    /**
     * The device's resident kernel for {@code owner} (compared by equals), made when it has none for it;
     * {@code call} is made only then: the kernel with its parameters but for its last, the resident
     * arguments (LwResidentArgs), which each launch adds ({@link #withResidentArguments}). A kernel made
     * here ends after {@code idle} without a job, and says on {@code warnings} when it gives up on the
     * device ({@link #run}). Call inside {@link GpuDevice#run}.
     */
    public static ResidentKernel of(GpuDevice dev, Object owner, int blocks, int block, int shared,
                                    java.util.function.Supplier<KernelCall> call, Duration idle,
                                    Consumer<String> warnings) {
        ResidentKernel r = dev.resident();
        if (r != null && r.owner.equals(owner)) {
            return r;
        }
        dev.retireResident();
        r = new ResidentKernel(dev, owner, call.get(), blocks, block, shared, idle.toNanos(), warnings);
        dev.setResident(r);
        return r;
    }

    /**
     * Runs one job and returns its result words 0..{@code words}-1, launching the kernel first if it is not
     * running; null, with resident kernels off on the device from then on ({@link #usable}), when it ended
     * three times without taking the job: the caller then launches the work.
     */
    public long[] run(int words) {
        MappedResult box = dev.residentMailbox();
        for (int launches = 0; ; launches++) {
            if (!live || jobs == QUIT - 1) {
                launch();
            }
            long word = (instance << 32) | ++jobs;
            box.set(JOB, word);
            boolean answered;
            try {
                answered = dev.awaitWord(box, ANSWERED, word);
            } catch (GpuException e) {
                live = false;
                throw e;
            }
            if (answered) {
                long[] out = box.words(words);
                dev.residentAnswered();
                return out;
            }
            live = false;
            // It ended (idle too long) just before the job came, or (three times in a row) it cannot run all its
            // blocks at once, and the job waits for blocks that never start until the others idle out.
            if (launches == 2) {
                REFUSED.add(dev);
                warnings.accept(dev.lastLaunch() + " ended three times without taking its job; counts on " + dev.name()
                        + " are launched one by one from now on");
                return null;
            }
        }
    }

    private void launch() {
        instance = INSTANCES.incrementAndGet();
        KernelCall all = withResidentArguments(call, dev.residentMailbox().deviceAddress(), instance, idleNanos);
        dev.launchGrid(all, blocks, block, shared);   // retires whatever ran before
        jobs = 0;
        live = true;
    }

    /**
     * {@code call} with the resident arguments (LwResidentArgs) as its last: the mailbox at {@code mailbox},
     * the launch's {@code instance} number, and the time without a job after which it ends.
     */
    public static KernelCall withResidentArguments(KernelCall call, long mailbox, long instance, long idleNanos) {
        LwResidentArgs r = new LwResidentArgs().box(mailbox).instance(instance).idleNs(idleNanos);
        return call.with(KernelArg.struct(r, "resident arguments"));
    }

    /** Ends the kernel, if it runs, and waits for it: the device's stream is then empty. */
    void retire() {
        if (!live) {
            return;
        }
        live = false;
        dev.residentMailbox().set(JOB, (instance << 32) | QUIT);
        DriverResults.check(JCudaDriver.cuStreamSynchronize(dev.stream()), "ending the resident " + dev.lastLaunch());
    }
}
