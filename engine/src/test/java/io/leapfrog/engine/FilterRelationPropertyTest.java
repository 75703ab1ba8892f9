package io.leapfrog.engine;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.constraints.StringLength;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * No false negatives through the dialect: every tuple inserted into a filter relation (by input, by a rule,
 * with repeats) passes its membership test, for random key sets at a loose and a tight rate.
 */
class FilterRelationPropertyTest {

    @Property(tries = 25)
    void everyInsertedTuplePasses(@ForAll @Size(max = 300) List<@IntRange(min = -50, max = 50) Integer> numbers,
                                  @ForAll @Size(max = 300) List<@StringLength(max = 3) String> words,
                                  @ForAll boolean loose) throws Exception {
        Path dir = Files.createTempDirectory("filter-property");
        try {
            EngineTestSupport t = new EngineTestSupport(dir);
            List<String> rows = new ArrayList<>();
            TreeSet<String> distinct = new TreeSet<>();
            for (int i = 0; i < Math.min(numbers.size(), words.size()); i++) {
                String word = words.get(i).replaceAll("[\\t\\r\\n\\\\\"]", "x");
                rows.add(numbers.get(i) + "\t" + word);
                distinct.add(numbers.get(i) + "\t" + word);
            }
            t.facts("pairs", rows.toArray(new String[0]));
            t.run("""
                    .decl pairs(n:number, s:symbol)
                    .input pairs
                    .decl seen(n:number, s:symbol) filter(fpr=%s)
                    .input seen(filename="pairs.facts")
                    seen(n, s) :- pairs(n, s), n > 0.
                    .decl back(n:number, s:symbol)
                    .output back
                    back(n, s) :- pairs(n, s), seen(n, s).
                    """.formatted(loose ? "0.5" : "0.000001"));
            assertEquals(new ArrayList<>(distinct), t.output("back"));
        } finally {
            try (var files = Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
