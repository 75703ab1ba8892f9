package io.leapfrog.cli;

/** Values of --device. */
enum Device {
    auto, cpu, gpu
}
