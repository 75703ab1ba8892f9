package io.leapfrog.tests.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** What a successful run produced, in a form that compares as sets: sorted rows per output file. */
final class Outputs {
    private Outputs() {
    }

    /** file name under out/ -> its rows, sorted (outputs are sets: their order is not part of the answer). */
    static Map<String, List<String>> of(Path out) {
        Map<String, List<String>> files = new TreeMap<>();
        try (Stream<Path> s = Files.list(out)) {
            for (Path p : s.toList()) {
                // ISO-8859-1 keeps every byte as one char, so bytes that are not UTF-8 still compare exactly
                List<String> rows = new ArrayList<>(Files.readAllLines(p, StandardCharsets.ISO_8859_1));
                rows.sort(null);
                files.put(p.getFileName().toString(), rows);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return files;
    }

    /** The {@code .printsize} lines of stdout ({@code name<TAB>rows}), sorted. */
    static List<String> printSizes(String stdout) {
        return stdout.lines().filter(l -> l.matches("[A-Za-z_][A-Za-z_0-9.]*\t\\d+")).sorted().toList();
    }
}
