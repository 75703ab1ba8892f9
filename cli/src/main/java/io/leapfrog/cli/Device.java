package io.leapfrog.cli;

import io.leapfrog.engine.EngineOptions;

/** Values of --device, as typed (picocli lists them in its usage errors). */
enum Device {
    auto, cpu, gpu;

    /** The engine's device of this name. */
    EngineOptions.Device engineDevice() {
        return EngineOptions.Device.valueOf(name().toUpperCase(java.util.Locale.ROOT));
    }
}
