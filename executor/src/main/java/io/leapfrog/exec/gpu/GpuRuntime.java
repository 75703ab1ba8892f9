package io.leapfrog.exec.gpu;

import jcuda.driver.CUdevice;
import jcuda.driver.CUdevice_attribute;
import jcuda.driver.JCudaDriver;

import java.util.ArrayList;
import java.util.List;

/**
 * Finds the CUDA devices once per process. {@link #probe()} never throws: it returns the devices, or
 * one sentence saying why there are none (no driver, no device, a device too old, no kernels in this
 * build). Each device gets one context, created on first use; its memory budget is its free memory at
 * that time less a margin (each executor may use less: {@code GpuOptions.memoryBudget}).
 */
public final class GpuRuntime {
    /** Oldest compute capability the kernels' PTX (compute_75) runs on. */
    static final int MIN_CC = 75;

    private static GpuRuntime probed;
    private static final GpuRuntime DISABLED = none("GPU use is disabled by the engine's options (GpuOptions.disabled)");

    private final List<GpuDevice> devices;
    private final String unavailableReason;

    private GpuRuntime(List<GpuDevice> devices, String reason) {
        this.devices = devices;
        this.unavailableReason = reason;
    }

    /** The process's GPU runtime (probed on the first call). */
    public static synchronized GpuRuntime probe() {
        if (probed == null) {
            probed = discover();
        }
        return probed;
    }

    /**
     * Starts the probe on a daemon thread when none has run, so that the driver's initialisation overlaps
     * the caller's own start-up (parsing, planning) instead of delaying the first join that asks.
     */
    public static void probeInBackground() {
        synchronized (GpuRuntime.class) {
            if (probed != null) {
                return;
            }
        }
        Thread t = new Thread(GpuRuntime::probe, "leapfrog-gpu-probe");
        t.setDaemon(true);
        t.start();
    }

    /** A runtime with no device, for options that turn the GPU off: it probes nothing. */
    public static GpuRuntime disabled() {
        return DISABLED;
    }

    public boolean available() {
        return !devices.isEmpty();
    }

    /**
     * Asks the kernels running on any started device to stop (a deadline or Ctrl-C, from another thread
     * than the join's): the join then fails with "interrupted" at its next synchronisation instead of
     * waiting for a kernel that may run for minutes. Probes nothing: without a GPU in use it does nothing.
     */
    public static void abortRunningKernels() {
        GpuRuntime r;
        synchronized (GpuRuntime.class) {
            r = probed;
        }
        if (r != null) {
            for (GpuDevice d : r.devices) {
                d.requestAbort();
            }
        }
    }

    /** Why no GPU can be used (null when one can). */
    public String unavailableReason() {
        return unavailableReason;
    }

    /** The device joins run on (the first one), or a {@link GpuUnavailableException} saying why there is none. */
    public GpuDevice device() {
        if (devices.isEmpty()) {
            throw new GpuUnavailableException(unavailableReason);
        }
        return devices.get(0);
    }

    public List<GpuDevice> devices() {
        return devices;
    }

    private static GpuRuntime discover() {
        if (!driverBindingsPresent()) {
            return none("JCuda's driver bindings (org.jcuda:jcuda, an optional dependency of the engine) are not on"
                    + " the class path; add them to use the GPU");
        }
        if (!KernelModule.present()) {   // the image itself is read when a device starts
            return none("this Leapfrog build has no GPU kernels (nvcc was not found when it was built)");
        }
        try {
            JCudaDriver.setExceptionsEnabled(false);
            int r = JCudaDriver.cuInit(0);
            if (r != 0) {
                return none("the CUDA driver did not initialise (" + jcuda.driver.CUresult.stringFor(r) + ")");
            }
        } catch (Throwable t) {
            // UnsatisfiedLinkError and friends: no libcuda, or JCuda's native library cannot load.
            String m = String.valueOf(t.getMessage());
            if (m.contains("libcuda.so")) {
                return none("no NVIDIA driver was found (libcuda.so.1 cannot be loaded)");
            }
            return none("the CUDA driver bindings could not be loaded (" + t.getClass().getSimpleName() + ")");
        }
        int[] count = new int[1];
        int r = JCudaDriver.cuDeviceGetCount(count);
        if (r != 0 || count[0] == 0) {
            return none("no CUDA device was found");
        }
        List<GpuDevice> found = new ArrayList<>();
        String skipped = null;
        for (int i = 0; i < count[0]; i++) {
            CUdevice d = new CUdevice();
            DriverResults.check(JCudaDriver.cuDeviceGet(d, i), "cuDeviceGet");
            int[] major = new int[1];
            int[] minor = new int[1];
            JCudaDriver.cuDeviceGetAttribute(major, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, d);
            JCudaDriver.cuDeviceGetAttribute(minor, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, d);
            if (major[0] * 10 + minor[0] < MIN_CC) {
                skipped = "the GPU (compute capability " + major[0] + "." + minor[0]
                        + ") is older than the 7.5 that Leapfrog's kernels need";
                continue;
            }
            try {
                found.add(new GpuDevice(i, d));
            } catch (GpuException e) {
                skipped = "GPU " + i + " could not be set up: " + e.getMessage();
            }
        }
        return found.isEmpty() ? none(skipped != null ? skipped : "no CUDA device was found") : new GpuRuntime(found, null);
    }

    /**
     * Whether JCuda is on the class path: the executor declares it optional, so that a library user who
     * runs on the CPU pulls no native libraries. Asked before any class that refers to JCuda is loaded.
     */
    private static boolean driverBindingsPresent() {
        try {
            Class.forName("jcuda.driver.JCudaDriver", false, GpuRuntime.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    private static GpuRuntime none(String reason) {
        return new GpuRuntime(List.of(), reason);
    }
}
