package io.leapfrog.cli;

import io.leapfrog.engine.Database;
import io.leapfrog.engine.Engine;
import io.leapfrog.engine.LoadedProgram;
import io.leapfrog.engine.OutputSummary;
import io.leapfrog.engine.RunResult;

import java.io.PrintStream;
import java.nio.file.Path;

/**
 * {@code -D -}: the output relations go to stdout in Souffle's layout (a dashed line, the name, a line
 * of '=', the tab-separated rows, a line of '='). The run writes no file (not even an output whose
 * {@code filename=} is absolute); the rows are printed from its database.
 */
final class StdoutOutputs {
    private StdoutOutputs() {
    }

    static RunResult runAndPrint(Engine engine, LoadedProgram program, Path factDir, PrintStream out) {
        RunResult result = engine.run(program, factDir);
        Database db = result.database();
        for (OutputSummary s : result.outputs()) {
            if (db.filter(s.relation()) != null) {
                out.println(s.relation() + ": a filter relation of " + s.rows() + " distinct fingerprints; its .output"
                        + " is the binary filter, which -D <dir> writes to a file");
                continue;
            }
            out.println("---------------");
            out.println(s.relation());
            out.println("===============");
            for (String line : db.lines(s.relation())) {
                out.println(line);
            }
            out.println("===============");
        }
        StandardOutput.requireDelivered(out);
        return result;
    }
}
