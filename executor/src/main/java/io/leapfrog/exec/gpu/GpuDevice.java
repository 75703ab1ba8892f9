package io.leapfrog.exec.gpu;

import jcuda.Pointer;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdevice_attribute;
import jcuda.driver.CUfunction_attribute;
import jcuda.driver.CUresult;
import jcuda.driver.CUstream;
import jcuda.driver.JCudaDriver;

import java.nio.ByteOrder;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;

/**
 * One CUDA device: its primary context, one stream, the kernels module, the memory pool and the
 * pinned staging buffer. All work on the device goes through {@link #run}, which serialises callers
 * and makes the context current on the calling thread.
 *
 * <p>Kernel launches are asynchronous; an error of a running kernel surfaces at the next
 * synchronisation, so the device remembers the last launch to name it. A caller may run its work with
 * {@link Diagnostics}: every launch followed by a synchronisation, which attributes errors exactly, or
 * every kernel and transfer timed into a {@link KernelProfile} (both slower; for debugging and tuning).
 */
public final class GpuDevice {
    private static final long STAGING_BYTES = 32L << 20;

    /**
     * Checks and measurements for one caller's work on the device ({@link #run(Diagnostics, Supplier)}).
     *
     * @param syncEachLaunch synchronise after every launch (an asynchronous error then names its kernel)
     * @param profile        where each kernel's and transfer's time goes, or null for none
     */
    public record Diagnostics(boolean syncEachLaunch, KernelProfile profile) {
        /** Neither. */
        public static final Diagnostics NONE = new Diagnostics(false, null);
    }

    private final int ordinal;
    private final String name;
    private final int ccMajor;
    private final int ccMinor;
    private final int multiprocessors;
    private final boolean cooperativeLaunch;
    private final long totalMemory;
    private final CUdevice device;
    private final CUcontext context = new CUcontext();
    private final NativeLaunch.Stream stream = new NativeLaunch.Stream();
    private final ReentrantLock lock = new ReentrantLock();
    private final KernelLauncher launcher = new KernelLauncher(stream);
    /**
     * The last thing queued was a kernel whose result {@link #awaitResult} has seen: the stream has
     * nothing left that a {@link #sync} would wait for (it skips the driver call). Everything that
     * queues work clears it.
     */
    private boolean awaited;
    private final java.util.Map<String, DeviceBuffer> moduleGlobals = new java.util.HashMap<>();
    /** Module globals whose kernel left them zeroed (moduleGlobal). */
    private final java.util.Set<String> cleanGlobals = new java.util.HashSet<>();
    private KernelModule module;
    /**
     * Modules of kernels generated for one plan's shape ({@link #loadShaped}), by their one kernel's name,
     * each with its own abort flag (a module's globals are its own).
     */
    private final java.util.Map<String, KernelModule> shapedModules = new java.util.HashMap<>();
    private final java.util.List<jcuda.driver.CUdeviceptr> shapedAbortFlags = new java.util.ArrayList<>();
    /** maxResidentBlocks by kernel and block size (the occupancy API's answer does not change). */
    private final java.util.Map<String, Integer> residentBlocks = new java.util.HashMap<>();
    /** maxDynamicShared by kernel. */
    private final java.util.Map<String, Integer> dynamicShared = new java.util.HashMap<>();
    /** Dynamic shared memory each kernel was allowed (cuFuncSetAttribute), by kernel. */
    private final java.util.Map<String, Integer> allowedShared = new java.util.HashMap<>();
    /** The kernel left running between jobs, if one was made (it may have ended since), and its mailbox. */
    private ResidentKernel resident;
    private MappedResult residentBox;
    private DeviceMemoryPool pool;
    private PinnedStaging staging;
    private MappedResult mapped;
    /** The last launch, named in errors; its text is made only then (a launch of a small count is microseconds). */
    private Object lastLaunch = "none";
    private GpuException broken;
    /** Failures injected by tests ({@link #injectFaults}), or null. */
    private volatile GpuFaults faults;
    /** The running caller's diagnostics (set by the outermost {@link #run}). */
    private Diagnostics diagnostics = Diagnostics.NONE;
    // Aborting running kernels (requestAbort): a copy of 1 into the module's lf_abort on a second,
    // non-blocking stream (the copy engine runs it beside a kernel that fills every SM); the per-thread
    // joins poll the flag. abortLock orders a request against the join's check and reset.
    private final Object abortLock = new Object();
    private final CUstream abortStream = new CUstream();
    private final Pointer abortOne = new Pointer();
    private jcuda.driver.CUdeviceptr abortFlag;
    private boolean abortRequested;

    /**
     * Reads the device's properties; the context, module, pool and staging buffer are made on first use
     * ({@link #run}), so a process that finds a GPU but runs every join on the CPU pays nothing for it.
     */
    GpuDevice(int ordinal, CUdevice device) {
        this.ordinal = ordinal;
        this.device = device;
        byte[] nameBytes = new byte[256];
        DriverResults.check(JCudaDriver.cuDeviceGetName(nameBytes, nameBytes.length, device), "cuDeviceGetName");
        int len = 0;
        while (len < nameBytes.length && nameBytes[len] != 0) {
            len++;
        }
        this.name = new String(nameBytes, 0, len, java.nio.charset.StandardCharsets.US_ASCII);
        this.ccMajor = attribute(device, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
        this.ccMinor = attribute(device, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
        this.multiprocessors = attribute(device, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
        this.cooperativeLaunch = attribute(device, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH) != 0;
        long[] total = new long[1];
        DriverResults.check(JCudaDriver.cuDeviceTotalMem(total, device), "cuDeviceTotalMem");
        this.totalMemory = total[0];
    }

    /** Creates the context, stream, module, pool and staging buffer (once, under the lock). */
    private void start() {
        if (module != null) {
            return;
        }
        DriverResults.check(JCudaDriver.cuDevicePrimaryCtxRetain(context, device), "creating the CUDA context of " + name);
        DriverResults.check(JCudaDriver.cuCtxSetCurrent(context), "cuCtxSetCurrent");
        DriverResults.check(JCudaDriver.cuStreamCreate(stream, 0), "cuStreamCreate");
        byte[] image = KernelModule.image();
        if (image == null) {
            throw new GpuException("this Leapfrog build has no GPU kernels (nvcc was not found when it was built)");
        }
        KernelModule m = KernelModule.load(image);
        long[] free = new long[1];
        long[] tot = new long[1];
        DriverResults.check(JCudaDriver.cuMemGetInfo(free, tot), "cuMemGetInfo");
        // The budget: what is free now, less a margin for the driver and other users of the device.
        long b = Math.max(0, free[0] - Math.max(256L << 20, free[0] / 20));
        this.pool = new DeviceMemoryPool(b, Math.max(64L << 20, b / 8), this::retireResident,
                r -> faulted(GpuFaults.Site.ALLOC, r));
        this.staging = new PinnedStaging(STAGING_BYTES, stream);
        this.mapped = new MappedResult();
        DriverResults.check(JCudaDriver.cuStreamCreate(abortStream, jcuda.driver.CUstream_flags.CU_STREAM_NON_BLOCKING),
                "cuStreamCreate (abort)");
        DriverResults.check(JCudaDriver.cuMemAllocHost(abortOne, 4), "cuMemAllocHost (abort)");
        abortOne.getByteBuffer(0, 4).order(ByteOrder.nativeOrder()).putInt(0, 1);
        this.abortFlag = m.symbol("lf_abort", 4);
        synchronized (abortLock) {   // read under this lock by other threads (requestAbort, started)
            this.module = m;
        }
    }

    /**
     * Makes the running per-thread joins stop early (any thread may call it; see lf_aborted in
     * lftj.cuh). The join's next synchronisation or read-back then throws {@link GpuAbortedException}
     * and clears the flag; results computed meanwhile are never returned.
     */
    public void requestAbort() {
        synchronized (abortLock) {
            if (module == null || abortRequested) {
                return;
            }
            abortRequested = true;
            DriverResults.check(JCudaDriver.cuCtxSetCurrent(context), "cuCtxSetCurrent (abort)");
            DriverResults.check(JCudaDriver.cuMemcpyHtoDAsync(abortFlag, abortOne, 4, abortStream), "requesting an abort");
            for (jcuda.driver.CUdeviceptr flag : shapedAbortFlags) {
                DriverResults.check(JCudaDriver.cuMemcpyHtoDAsync(flag, abortOne, 4, abortStream), "requesting an abort");
            }
        }
    }

    /** Whether the device has started: its context made and its kernels loaded (by a first join or fixpoint). */
    public boolean started() {
        synchronized (abortLock) {
            return module != null;
        }
    }

    /** Clears a pending abort request (no kernel runs now); returns whether there was one. */
    private boolean clearAbort() {
        synchronized (abortLock) {
            if (!abortRequested) {
                return false;
            }
            abortRequested = false;
            DriverResults.check(JCudaDriver.cuStreamSynchronize(abortStream), "waiting for the abort request");
            retireResident();   // it ends on the request by itself; this waits for it
            DriverResults.check(JCudaDriver.cuStreamSynchronize(stream), "waiting for the aborted kernels");
            DriverResults.check(JCudaDriver.cuMemsetD32Async(abortFlag, 0, 1, stream), "clearing the abort flag");
            for (jcuda.driver.CUdeviceptr flag : shapedAbortFlags) {
                DriverResults.check(JCudaDriver.cuMemsetD32Async(flag, 0, 1, stream), "clearing the abort flag");
            }
            DriverResults.check(JCudaDriver.cuStreamSynchronize(stream), "clearing the abort flag");
            return true;
        }
    }

    /** Throws when an abort was requested since the last check (after a synchronisation or read-back). */
    private void throwIfAborted() {
        if (clearAbort()) {
            throw new GpuAbortedException("error: evaluation interrupted during a GPU join (" + lastLaunch + " was stopped)");
        }
    }

    private static int attribute(CUdevice d, int attr) {
        int[] v = new int[1];
        DriverResults.check(JCudaDriver.cuDeviceGetAttribute(v, attr, d), "cuDeviceGetAttribute");
        return v[0];
    }

    /** Runs {@code work} with this device's context current, one caller at a time, without diagnostics. */
    public <T> T run(Supplier<T> work) {
        return run(Diagnostics.NONE, work);
    }

    /**
     * Runs {@code work} with this device's context current, one caller at a time, with {@code d}'s checks
     * and measurements; work run from inside it (nested) keeps the outer caller's.
     */
    public <T> T run(Diagnostics d, Supplier<T> work) {
        lock.lock();
        boolean outermost = lock.getHoldCount() == 1;
        if (outermost) {
            diagnostics = d;
        }
        try {
            if (broken != null) {
                throw new GpuException(unusable(), broken);
            }
            start();
            DriverResults.check(JCudaDriver.cuCtxSetCurrent(context), "cuCtxSetCurrent");
            clearAbort();   // a request that came after the previous work finished is spent
            return work.get();
        } catch (GpuException e) {
            if (!(e instanceof GpuOutOfMemoryException) && isStickyError(e)) {
                broken = e;
            }
            throw e;
        } finally {
            if (outermost) {
                diagnostics = Diagnostics.NONE;
            }
            lock.unlock();
        }
    }

    /**
     * Runs {@code cleanup} (releasing device memory) with the context current, one caller at a time. On a
     * device that an earlier error left unusable a failure of the cleanup is dropped: the context's memory
     * is gone with the context, and the caller's answer (from the CPU) must not fail for it.
     */
    public void cleanUp(Runnable cleanup) {
        lock.lock();
        try {
            if (module == null) {
                return;
            }
            DriverResults.check(JCudaDriver.cuCtxSetCurrent(context), "cuCtxSetCurrent");
            cleanup.run();
        } catch (GpuException e) {
            if (broken == null) {
                throw e;
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * Why no new work may run on the device (an earlier error left its context unusable), or null when it
     * may. The executors ask before starting work, to run it on the CPU instead.
     */
    public String unusable() {
        GpuException b = broken;
        return b == null ? null : "the GPU is unusable after an earlier error (" + b.getMessage() + ")";
    }

    /**
     * Makes the device report {@code f}'s failures from now on, or, with null, stops injecting and forgets
     * an unusable state that an injected failure caused (as a new process would find the device). For
     * tests of fault handling only.
     */
    public void injectFaults(GpuFaults f) {
        lock.lock();
        try {
            GpuFaults before = faults;
            if (f == null && before != null && before.fired()) {
                broken = null;
            }
            faults = f;
        } finally {
            lock.unlock();
        }
    }

    /** What a driver call at {@code site} reports: {@code actual}, or an injected failure. */
    private int faulted(GpuFaults.Site site, int actual) {
        GpuFaults f = faults;
        return f == null ? actual : f.result(site, actual);
    }

    /** Throws an injected failure of a host-device copy, if one is due. */
    private void copying(String what) {
        int r = faulted(GpuFaults.Site.COPY, CUresult.CUDA_SUCCESS);
        if (r != CUresult.CUDA_SUCCESS) {
            throw DriverResults.failure(r, what);
        }
    }

    /**
     * Whether the running caller has every launch followed by a synchronisation (syncing after each, or
     * profiling): a kernel left running between jobs would then be waited for before its first job.
     */
    boolean launchesSynchronised() {
        return diagnostics.syncEachLaunch() || diagnostics.profile() != null;
    }

    private static boolean isStickyError(GpuException e) {
        String m = e.getMessage();
        return m != null && (m.contains("ILLEGAL_ADDRESS") || m.contains("LAUNCH_FAILED") || m.contains("ILLEGAL_INSTRUCTION")
                || m.contains("MISALIGNED") || m.contains("HARDWARE_STACK_ERROR") || m.contains("ECC")
                || m.contains("DEVICE_UNAVAILABLE") || m.contains("CONTEXT_IS_DESTROYED") || m.contains("ERROR_UNKNOWN"));
    }

    /** A kernel of the kernels module, or the one of a module loaded by {@link #loadShaped}. */
    private jcuda.driver.CUfunction function(String kernel) {
        KernelModule shaped = shapedModules.get(kernel);
        return (shaped != null ? shaped : module).function(kernel);
    }

    /** Whether {@link #loadShaped} has loaded {@code kernel}. */
    public boolean hasShaped(String kernel) {
        return shapedModules.containsKey(kernel);
    }

    /**
     * Loads a module compiled for one plan's shape (io.leapfrog.exec.gpu.join.ShapedKernels), whose
     * kernels are {@code kernels}; its abort flag then follows {@link #requestAbort} as the kernels module's
     * does. Call inside {@link #run}.
     */
    public void loadShaped(byte[] image, String... kernels) {
        if (shapedModules.containsKey(kernels[0])) {
            return;
        }
        retireResident();   // loading a module may wait for the device
        KernelModule m = KernelModule.load(image);
        for (String k : kernels) {
            m.function(k);   // fails here, not at the launch, if the module lacks it
        }
        jcuda.driver.CUdeviceptr flag = m.symbol("lf_abort", 4);
        synchronized (abortLock) {
            shapedAbortFlags.add(flag);
            if (abortRequested) {   // a request made before the load reaches this module too
                DriverResults.check(JCudaDriver.cuMemcpyHtoDAsync(flag, abortOne, 4, abortStream), "requesting an abort");
            }
        }
        for (String k : kernels) {
            shapedModules.put(k, m);
        }
    }

    /** Launches {@code call} over {@code threads} threads in blocks of {@code block}. */
    public void launch(KernelCall call, long threads, int block) {
        if (threads <= 0) {
            return;
        }
        long blocks = (threads + block - 1) / block;
        if (blocks > Integer.MAX_VALUE) {
            throw new GpuException("kernel " + call.kernel() + " needs " + blocks + " blocks, more than one launch allows");
        }
        launchGrid(call, (int) blocks, block);
    }

    /** Launches {@code call} with an explicit grid. */
    public void launchGrid(KernelCall call, int blocks, int block) {
        launchGrid(call, blocks, block, 0);
    }

    /** Launches {@code call} with an explicit grid and {@code shared} bytes of dynamic shared memory per block. */
    public void launchGrid(KernelCall call, int blocks, int block, int shared) {
        String kernel = call.kernel();
        retireResident();
        allowShared(kernel, shared);
        lastLaunch = new Launched("", kernel, blocks, block, shared);
        long t0 = profileStart();
        launched(kernel, launcher.launch(function(kernel), blocks, block, shared, call), t0);
    }

    /** How kernels are launched: "native" ({@link NativeLaunch}), or through JCuda and why. */
    public static String launchPath() {
        return KernelLauncher.path();
    }

    /**
     * Where a kernel writes its result words in host memory ({@link #awaitResult}), and the epoch it
     * writes after them: {@code {address, epoch}}, the epoch new.
     */
    public long[] resultSlot() {
        return new long[] {mapped.deviceAddress(), mapped.nextEpoch()};
    }

    /**
     * Waits until the kernel launched last has written {@code epoch} to word {@code epochWord} of the
     * result words, and returns words 0..{@code words}-1. It reads host memory in a loop instead of
     * synchronising through the driver; every 64 reads it asks the stream whether the kernel failed, or
     * ended without writing the epoch (a kernel error, reported as one).
     */
    public long[] awaitResult(long epoch, int epochWord, int words) {
        long t0 = System.nanoTime();
        if (!awaitWord(mapped, epochWord, epoch)) {
            throw new GpuException(lastLaunch + " ended without writing its result");
        }
        long[] out = mapped.words(words);
        profile("await mapped result", t0);
        throwIfAborted();
        awaited = true;
        return out;
    }

    /**
     * Waits until word {@code word} of {@code box} is {@code value}: true; false when the stream emptied
     * without it (the kernel that was to write it ended). It reads host memory in a loop; every 64 reads
     * it asks the stream whether a kernel failed, which it reports with the last launch.
     */
    boolean awaitWord(MappedResult box, int word, long value) {
        for (int spins = 1; box.word(word) != value; spins++) {
            if ((spins & 63) == 0) {
                int r = faulted(GpuFaults.Site.SYNC, JCudaDriver.cuStreamQuery(stream));
                if (r == CUresult.CUDA_SUCCESS) {
                    return box.word(word) == value;
                } else if (r != CUresult.CUDA_ERROR_NOT_READY) {
                    throw DriverResults.failure(r, "running " + lastLaunch + " (or work queued before it)");
                }
            }
            Thread.onSpinWait();
        }
        return true;
    }

    /**
     * Launches {@code call}'s kernel cooperatively: all {@code blocks} are resident at once, so its threads may
     * wait for each other across blocks (a grid-wide barrier). {@code blocks} must not exceed
     * {@link #maxResidentBlocks}; the device must support it ({@link #cooperativeLaunch()}). Returns
     * false, launching nothing, when the driver finds the grid too large to be resident at once (the
     * device shared with other work, as under MPS): the caller then does without.
     */
    public boolean launchCooperative(KernelCall call, int blocks, int block) {
        return launchCooperative(call, blocks, block, 0);
    }

    /** As {@link #launchCooperative(KernelCall, int, int)}, with {@code shared} bytes of dynamic shared memory per block. */
    public boolean launchCooperative(KernelCall call, int blocks, int block, int shared) {
        String kernel = call.kernel();
        retireResident();
        allowShared(kernel, shared);
        lastLaunch = new Launched("cooperative ", kernel, blocks, block, shared);
        long t0 = profileStart();
        int r = launcher.launchCooperative(function(kernel), blocks, block, shared, call);
        if (r == CUresult.CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE) {
            return false;
        }
        launched(kernel, r, t0);
        return true;
    }

    /** Whether the device can run cooperative launches (every GPU since Pascal can). */
    public boolean cooperativeLaunch() {
        return cooperativeLaunch;
    }

    /** Blocks of {@code block} threads of {@code kernel} that fit on the device at once (all multiprocessors). */
    public int maxResidentBlocks(String kernel, int block) {
        return maxResidentBlocks(kernel, block, 0);
    }

    /** As {@link #maxResidentBlocks(String, int)}, each block with {@code shared} bytes of dynamic shared memory. */
    public int maxResidentBlocks(String kernel, int block, int shared) {
        return residentBlocks.computeIfAbsent(kernel + "/" + block + "/" + shared, k -> {
            allowShared(kernel, shared);
            int[] perSm = new int[1];
            DriverResults.check(JCudaDriver.cuOccupancyMaxActiveBlocksPerMultiprocessor(perSm, function(kernel), block, shared),
                    "occupancy of kernel " + kernel);
            return perSm[0] * multiprocessors;
        });
    }

    /** Dynamic shared memory one block of {@code kernel} may have: the device's opt-in limit less the kernel's static shared memory. */
    public int maxDynamicShared(String kernel) {
        return dynamicShared.computeIfAbsent(kernel, k -> {
            int optIn = attribute(device, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
            int[] fixed = new int[1];
            DriverResults.check(JCudaDriver.cuFuncGetAttribute(fixed, CUfunction_attribute.CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES,
                    function(kernel)), "shared memory of kernel " + kernel);
            return Math.max(0, optIn - fixed[0]);
        });
    }

    /**
     * Lets {@code kernel} launch with {@code shared} bytes of dynamic shared memory. The driver allows 48 KiB
     * less the kernel's static shared memory unless told more; the occupancy API then answers 0 blocks (a
     * depth-first count with 17 KiB static and 34 KiB staged would be declined so). So it is told whenever
     * a launch asks for more than the kernel is allowed.
     */
    private void allowShared(String kernel, int shared) {
        if (shared > 0 && allowedShared.getOrDefault(kernel, 0) < shared) {
            DriverResults.check(JCudaDriver.cuFuncSetAttribute(function(kernel),
                    CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, shared),
                    "allowing kernel " + kernel + " " + shared + " bytes of shared memory");
            allowedShared.put(kernel, shared);
        }
    }

    /** A launch as errors name it: the kernel and its launch shape. */
    private record Launched(String kind, String kernel, int blocks, int block, int shared) {
        @Override
        public String toString() {
            return kind + "kernel " + kernel + " (" + blocks + " blocks of " + block + " threads"
                    + (shared > 0 ? ", " + shared + " bytes of shared memory each" : "") + ")";
        }
    }

    private long profileStart() {
        if (diagnostics.profile() != null) {
            sync();
            return System.nanoTime();
        }
        return 0;
    }

    private void launched(String kernel, int result, long t0) {
        awaited = false;
        result = faulted(GpuFaults.Site.LAUNCH, result);
        if (result != CUresult.CUDA_SUCCESS) {
            throw DriverResults.failure(result, "launching " + lastLaunch);
        }
        KernelProfile p = diagnostics.profile();
        if (p != null) {
            sync();
            p.record(kernel, System.nanoTime() - t0);
        } else if (diagnostics.syncEachLaunch()) {
            sync();
        }
    }

    /** Waits for everything issued so far; an asynchronous kernel error is reported with the last launch. */
    public void sync() {
        if (awaited) {   // the last kernel has handed over its result, and nothing was queued after it
            throwIfAborted();
            return;
        }
        retireResident();
        int r = faulted(GpuFaults.Site.SYNC, JCudaDriver.cuStreamSynchronize(stream));
        if (r != CUresult.CUDA_SUCCESS) {
            throw DriverResults.failure(r, "running " + lastLaunch + " (or work queued before it)");
        }
        throwIfAborted();
    }

    /** What every method that queues work on the stream does first. */
    private void queueing() {
        retireResident();
        awaited = false;
    }

    /**
     * Ends the resident kernel if one runs ({@link ResidentKernel}): it holds every multiprocessor, so other
     * work queued behind it, or a driver call that waits for the device, would wait until it idles out.
     */
    void retireResident() {
        if (resident != null) {
            resident.retire();
        }
    }

    ResidentKernel resident() {
        return resident;
    }

    void setResident(ResidentKernel r) {
        resident = r;
    }

    /** The mapped words resident kernels take their jobs from and answer in (made on first use). */
    MappedResult residentMailbox() {
        if (residentBox == null) {
            residentBox = new MappedResult();
        }
        return residentBox;
    }

    /**
     * A resident kernel answered a job: nothing queued is left that a synchronisation must wait for (the
     * kernel itself idles out or is retired), and an abort requested meanwhile makes the answer void.
     */
    void residentAnswered() {
        awaited = true;
        throwIfAborted();
    }

    NativeLaunch.Stream stream() {
        return stream;
    }

    /** The last launch, as errors name it. */
    Object lastLaunch() {
        return lastLaunch;
    }

    public DeviceBuffer allocate(long bytes, String purpose) {
        return pool.allocate(bytes, purpose);
    }

    public void upload(int[] src, int from, int count, DeviceBuffer dst, long dstByte) {
        queueing();
        copying("copying " + dst.purpose() + " to the GPU");
        long t0 = System.nanoTime();
        staging.upload(src, from, count, dst, dstByte);
        profile("upload", t0);
    }

    public void upload(long[] src, int from, int count, DeviceBuffer dst, long dstByte) {
        queueing();
        copying("copying " + dst.purpose() + " to the GPU");
        long t0 = System.nanoTime();
        staging.upload(src, from, count, dst, dstByte);
        profile("upload", t0);
    }

    public void download(DeviceBuffer src, long srcByte, int[] dst, int from, int count) {
        queueing();
        copying("copying " + src.purpose() + " from the GPU");
        long t0 = System.nanoTime();
        staging.download(src, srcByte, dst, from, count);
        profile(count == 1 ? "download (one value)" : "download", t0);
        throwIfAborted();
    }

    public void download(DeviceBuffer src, long srcByte, long[] dst, int from, int count) {
        queueing();
        copying("copying " + src.purpose() + " from the GPU");
        long t0 = System.nanoTime();
        staging.download(src, srcByte, dst, from, count);
        profile(count == 1 ? "download (one value)" : "download", t0);
        throwIfAborted();
    }

    private void profile(String what, long t0) {
        KernelProfile p = diagnostics.profile();
        if (p != null) {
            p.record(what, System.nanoTime() - t0);
        }
    }

    /** Copies {@code bytes} bytes between device buffers, in stream order. */
    public void copy(DeviceBuffer src, long srcByte, DeviceBuffer dst, long dstByte, long bytes) {
        queueing();
        if (bytes > 0) {
            long t0 = System.nanoTime();
            DriverResults.check(JCudaDriver.cuMemcpyDtoDAsync(dst.at(dstByte), src.at(srcByte), bytes, stream),
                    "copying " + src.purpose() + " to " + dst.purpose());
            profile("copy on the device", t0);
        }
    }

    /** One long at {@code srcByte} (a count or a scan total). */
    public long readLong(DeviceBuffer src, long srcByte) {
        long[] v = new long[1];
        download(src, srcByte, v, 0, 1);
        return v[0];
    }

    /** One int at {@code srcByte}. */
    public int readInt(DeviceBuffer src, long srcByte) {
        int[] v = new int[1];
        download(src, srcByte, v, 0, 1);
        return v[0];
    }

    /** Sets {@code count} ints of {@code dst} from byte offset {@code dstByte} to {@code value}. */
    public void fill(DeviceBuffer dst, long dstByte, long count, int value) {
        queueing();
        if (count > 0) {
            DriverResults.check(JCudaDriver.cuMemsetD32Async(dst.at(dstByte), value, count, stream), "clearing " + dst.purpose());
        }
    }

    /**
     * A {@code __device__} global of the kernels' module, {@code bytes} long, that a kernel leaves zeroed
     * whenever it ends well (the depth-first count's header): zeroed through the stream first unless the last
     * launch that used it was reported clean ({@link #moduleGlobalClean}), so that a count that failed or
     * was stopped never leaves its counters to the next. Saves the host a clearing call before each launch.
     */
    public DeviceBuffer moduleGlobal(String symbol, int bytes) {
        DeviceBuffer b = moduleGlobalAt(symbol, bytes);
        if (!cleanGlobals.remove(symbol)) {
            fill(b, 0, bytes / 4, 0);
        }
        return b;
    }

    /**
     * Module global {@code symbol} of {@code bytes}, as it is: for a kernel's arguments made ahead of its
     * launch (a prepared count's), which must not clear it while a kernel that uses it may be running.
     */
    public DeviceBuffer moduleGlobalAt(String symbol, int bytes) {
        return moduleGlobals.computeIfAbsent(symbol, s -> DeviceBuffer.ofModuleGlobal(module.symbol(s, bytes), bytes, s));
    }

    /** The kernel that used {@link #moduleGlobal} {@code symbol} ended well and left it zeroed. */
    public void moduleGlobalClean(String symbol) {
        cleanGlobals.add(symbol);
    }

    /** Writes a module constant (e.g. the join plan) through the stream, in order with the kernels. */
    public void setConstant(String symbol, byte[] value) {
        queueing();
        staging.uploadBytes(value, module.symbol(symbol, value.length), symbol);
    }

    /** The memory pool (the device is started if it was not yet). */
    public DeviceMemoryPool pool() {
        if (pool == null) {
            run(() -> null);
        }
        return pool;
    }

    public String name() {
        return name;
    }

    public int ordinal() {
        return ordinal;
    }

    /** The device's own SASS target, for nvcc's -arch (e.g. sm_90). */
    public String sassArch() {
        return "sm_" + ccMajor + ccMinor;
    }

    public String computeCapability() {
        return ccMajor + "." + ccMinor;
    }

    public int multiprocessors() {
        return multiprocessors;
    }

    public long totalMemory() {
        return totalMemory;
    }

    @Override
    public String toString() {
        return name + " (GPU " + ordinal + ", compute capability " + computeCapability() + ", "
                + ByteSizes.format(totalMemory) + ")";
    }
}
