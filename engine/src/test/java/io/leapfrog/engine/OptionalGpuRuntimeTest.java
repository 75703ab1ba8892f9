package io.leapfrog.engine;

import io.leapfrog.exec.gpu.GpuRuntime;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * JCuda is an optional dependency of the executor, so the engine's own class path (this module's tests)
 * has no driver bindings, as a CPU-only library user's has none: the GPU probe says so in one sentence
 * and nothing else touches JCuda.
 */
class OptionalGpuRuntimeTest {
    @Test
    void withoutJCudaTheProbeSaysWhatToAdd() {
        assertThrows(ClassNotFoundException.class, () -> Class.forName("jcuda.driver.JCudaDriver"),
                "JCuda reached the engine's class path: is it still optional in executor/pom.xml?");
        GpuRuntime rt = GpuRuntime.probe();
        assertFalse(rt.available());
        assertTrue(rt.unavailableReason().contains("org.jcuda:jcuda"), rt.unavailableReason());
    }
}
