package io.leapfrog.cli;

/** Values of --device. gpu is accepted by the parser so that the error can say why it is refused. */
enum Device {
    auto, cpu, gpu
}
