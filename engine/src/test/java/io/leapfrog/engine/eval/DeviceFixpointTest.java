package io.leapfrog.engine.eval;

import io.leapfrog.exec.gpu.join.GpuJoinReport;
import org.junit.jupiter.api.Test;

import static io.leapfrog.engine.eval.DeviceFixpoint.AUTO_AFTER_NANOS;
import static io.leapfrog.engine.eval.DeviceFixpoint.AUTO_MIN_DELTA;
import static io.leapfrog.engine.eval.DeviceFixpoint.AUTO_MIN_DELTA_SLOW;
import static io.leapfrog.engine.eval.DeviceFixpoint.AUTO_MIN_DELTA_STARTED;
import static io.leapfrog.engine.eval.DeviceFixpoint.AUTO_SLOW_ROUND_NANOS;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** When a recursive stratum moves to the GPU under each device mode. */
class DeviceFixpointTest {
    private static DeviceFixpoint policy(boolean forced, boolean started) {
        return new DeviceFixpoint(() -> null, forced, () -> started, new GpuJoinReport());
    }

    @Test
    void gpuModeMovesAfterTheFirstRound() {
        assertTrue(policy(true, false).takesOver(0, 0, 1));
    }

    @Test
    void autoWithTheDeviceStartedMovesOnALargeDeltaOrASlowRound() {
        DeviceFixpoint auto = policy(false, true);
        assertTrue(auto.takesOver(0, 0, AUTO_MIN_DELTA_STARTED));
        assertFalse(auto.takesOver(0, 0, AUTO_MIN_DELTA_STARTED - 1));
        assertTrue(auto.takesOver(0, AUTO_SLOW_ROUND_NANOS, AUTO_MIN_DELTA_SLOW));
        assertFalse(auto.takesOver(0, AUTO_SLOW_ROUND_NANOS - 1, AUTO_MIN_DELTA_SLOW));
        assertFalse(auto.takesOver(0, 100 * AUTO_SLOW_ROUND_NANOS, AUTO_MIN_DELTA_SLOW - 1), "a tiny delta stays, however slow");
    }

    @Test
    void autoBeforeTheDeviceStartedWaitsForALongStratumWithALargeDelta() {
        DeviceFixpoint auto = policy(false, false);
        assertFalse(auto.takesOver(0, AUTO_AFTER_NANOS - 1, AUTO_MIN_DELTA), "not yet long enough");
        assertTrue(auto.takesOver(AUTO_AFTER_NANOS / 2, AUTO_AFTER_NANOS / 2, AUTO_MIN_DELTA));
        assertFalse(auto.takesOver(AUTO_AFTER_NANOS, AUTO_AFTER_NANOS, AUTO_MIN_DELTA - 1));
        assertFalse(auto.takesOver(AUTO_AFTER_NANOS, AUTO_SLOW_ROUND_NANOS, AUTO_MIN_DELTA_STARTED), "the start is not paid yet");
    }
}
