package io.leapfrog.engine.eval;

import io.leapfrog.ast.Directive;
import io.leapfrog.common.LeapfrogException;
import io.leapfrog.exec.io.OutputSet;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The files a program's {@code IO=file} outputs go to, resolved and checked before evaluation starts, so
 * that a run that cannot write its outputs fails at once, with the directive's position, and has written
 * nothing: an empty {@code filename=}, a target that is not a regular file (a link, a directory, a special
 * file: see {@link OutputSet}), an output directory that is a file, or two outputs of one file.
 */
final class OutputFiles {
    private OutputFiles() {
    }

    /**
     * Each {@code IO=file} output directive's target under {@code outDir}, in directive order; a directive
     * that repeats an earlier one (same relation, same parameters) has none, its file being the earlier's.
     */
    static Map<Directive, Path> resolve(List<Directive> directives, Path outDir, Set<String> filterRelations) {
        if (Files.exists(outDir) && !Files.isDirectory(outDir)) {
            throw new LeapfrogException("error: output directory " + outDir
                    + " exists and is not a directory; name a directory (it is created if missing)");
        }
        Map<Directive, Path> targets = new LinkedHashMap<>();
        Map<Path, Directive> writers = new HashMap<>();
        for (Directive d : directives) {
            if (d.kind() != Directive.Kind.OUTPUT || !"file".equals(d.params().getOrDefault("IO", "file"))) {
                continue;
            }
            Path target = target(d, outDir, filterRelations.contains(d.relation()));
            Directive earlier = writers.putIfAbsent(target, d);
            if (earlier != null) {
                if (earlier.relation().equals(d.relation()) && earlier.params().equals(d.params())) {
                    continue;   // the same output named twice: one file
                }
                throw new LeapfrogException(d.pos() + ": error: .output " + d.relation() + " writes " + target
                        + ", which .output " + earlier.relation() + " (" + earlier.pos() + ") writes too;"
                        + " give one of them another filename=");
            }
            OutputSet.requireReplaceable(target, d.pos() + ": error: .output " + d.relation() + ": ");
            targets.put(d, target);
        }
        return targets;
    }

    /** A filter relation is written as its binary filter, {@code <name>.qf} by default. */
    private static Path target(Directive d, Path outDir, boolean filter) {
        boolean gzip = d.params().containsKey("compress") && !"false".equals(d.params().get("compress"));
        String name = d.params().getOrDefault("filename", d.relation() + (filter ? ".qf" : gzip ? ".csv.gz" : ".csv"));
        if (name.isBlank()) {
            throw new LeapfrogException(d.pos() + ": error: .output " + d.relation() + " has an empty filename=;"
                    + " name a file, or leave filename= out to write " + d.relation() + (filter ? ".qf" : ".csv"));
        }
        try {
            return outDir.resolve(name).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            throw new LeapfrogException(d.pos() + ": error: .output " + d.relation() + ": filename=\"" + name
                    + "\" is not a valid file name (" + e.getReason() + ")");
        }
    }
}
