package io.leapfrog.exec.gpu;

import jcuda.driver.CUfunction;
import jcuda.driver.CUmodule;
import jcuda.driver.JCudaDriver;

import java.io.IOException;
import java.io.InputStream;
import java.util.HashMap;
import java.util.Map;

/** The kernels module (the fatbin the kernels build packs as a resource), its functions and constants. */
final class KernelModule {
    static final String RESOURCE = "/io/leapfrog/kernels/leapfrog.fatbin";

    private final CUmodule module = new CUmodule();
    private final Map<String, CUfunction> functions = new HashMap<>();

    private KernelModule() {
    }

    /** Whether this build has kernels (nvcc was found when it was built); reads nothing. */
    static boolean present() {
        return KernelModule.class.getResource(RESOURCE) != null;
    }

    /** The module image, or null when this build has no kernels (nvcc was missing when it was built). */
    static byte[] image() {
        try (InputStream in = KernelModule.class.getResourceAsStream(RESOURCE)) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            throw new GpuException("cannot read the GPU kernels resource " + RESOURCE + ": " + e.getMessage(), e);
        }
    }

    /** Loads the image into the current context. */
    static KernelModule load(byte[] image) {
        KernelModule m = new KernelModule();
        DriverResults.check(JCudaDriver.cuModuleLoadData(m.module, image), "loading the GPU kernels (cuModuleLoadData)");
        return m;
    }

    CUfunction function(String name) {
        return functions.computeIfAbsent(name, n -> {
            CUfunction f = new NativeLaunch.Function();
            DriverResults.check(JCudaDriver.cuModuleGetFunction(f, module, n), "looking up kernel " + n);
            return f;
        });
    }

    /** Address of a {@code __constant__} or global symbol of {@code expectedBytes} bytes. */
    DevicePointer symbol(String name, long expectedBytes) {
        DevicePointer p = new DevicePointer();
        long[] size = new long[1];
        DriverResults.check(JCudaDriver.cuModuleGetGlobal(p, size, module, name), "looking up symbol " + name);
        if (size[0] != expectedBytes) {
            throw new GpuException("GPU kernels and executor disagree on the layout of " + name + ": "
                    + size[0] + " bytes on the device, " + expectedBytes + " expected; rebuild both");
        }
        return p;
    }

    void unload() {
        JCudaDriver.cuModuleUnload(module);
    }
}
