package io.leapfrog.cli;

import io.leapfrog.engine.LoadedProgram;

import java.io.PrintStream;

/** Prints the front end's warnings (already formatted with positions) before evaluation, as Souffle does. */
final class Warnings {
    private Warnings() {
    }

    static void print(LoadedProgram program, PrintStream err) {
        for (String w : program.warnings()) {
            err.println(w);
        }
        err.flush();
    }
}
