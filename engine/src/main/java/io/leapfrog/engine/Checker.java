package io.leapfrog.engine;

import io.leapfrog.ast.Program;
import io.leapfrog.check.CheckedProgram;
import io.leapfrog.check.SemanticChecker;

import java.util.List;

/** Runs the front end's semantic checks; LeapfrogException (with position and caret) on the first error. */
final class Checker {
    record Result(CheckedProgram checked, List<String> warnings) { }

    private Checker() {
    }

    static Result check(Program program) {
        return check(program, java.util.Map.of());
    }

    /** {@code sourcesByFile}: the text of each file the program's positions name, for the quoted lines. */
    static Result check(Program program, java.util.Map<String, String> sourcesByFile) {
        CheckedProgram c = SemanticChecker.check(program, sourcesByFile);
        return new Result(c, c.warnings());
    }
}
