package io.leapfrog.engine;

import io.leapfrog.common.LeapfrogException;
import io.leapfrog.exec.filter.FingerprintHash;
import io.leapfrog.exec.filter.QuotientFilter;
import io.leapfrog.exec.filter.QuotientFilters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Relations declared {@code filter}: membership tests against the exact relation of the same tuples (equal
 * where fingerprints cannot collide, a superset within the rate in general), counts, the binary
 * {@code .output} and its {@code .input} (merged with facts, across runs that intern symbols in other
 * orders), and explain's lines.
 */
class FilterRelationTest {
    @TempDir
    Path dir;

    /** Keys of several column types, written both as an exact relation and as a filter relation. */
    private static final String MIXED = """
            .decl keys(s:symbol, n:number, u:unsigned, f:float)
            .input keys
            .decl seen(s:symbol, n:number, u:unsigned, f:float) filter(fpr=0.000000001)
            .input seen(filename="keys.facts")
            .decl probe(s:symbol, n:number, u:unsigned, f:float)
            .input probe
            .decl exact(s:symbol, n:number, u:unsigned, f:float)
            .output exact
            exact(s, n, u, f) :- probe(s, n, u, f), keys(s, n, u, f).
            .decl approx(s:symbol, n:number, u:unsigned, f:float)
            .output approx
            approx(s, n, u, f) :- probe(s, n, u, f), seen(s, n, u, f).
            """;

    @Test
    void membershipEqualsTheExactRelationWhenFingerprintsCannotCollide() throws Exception {
        EngineTestSupport t = new EngineTestSupport(dir);
        List<String> keys = new ArrayList<>();
        List<String> probes = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            String row = "k" + i + "\t" + (i * 7 - 100) + "\t" + (i * 3) + "\t" + (i / 4.0);
            keys.add(row);
            probes.add(row);
            probes.add("k" + i + "\t" + (i * 7 - 99) + "\t" + (i * 3) + "\t" + (i / 4.0));   // one column off
            probes.add("other" + i + "\t" + (i * 7 - 100) + "\t" + (i * 3) + "\t" + (i / 4.0));
        }
        t.facts("keys", keys.toArray(new String[0]));
        t.facts("probe", probes.toArray(new String[0]));
        t.run(MIXED);
        assertEquals(40, t.output("exact").size());
        assertEquals(t.output("exact"), t.output("approx"));
    }

    @Test
    void membershipIsASupersetWithinTheRateInGeneral() throws Exception {
        EngineTestSupport t = new EngineTestSupport(dir);
        Random random = new Random(7);
        Set<Integer> keys = new HashSet<>();
        while (keys.size() < 2000) {
            keys.add(random.nextInt());
        }
        List<String> probes = new ArrayList<>();
        for (int i = 0; i < 20000; i++) {
            probes.add(Integer.toString(random.nextInt()));
        }
        keys.forEach(k -> probes.add(Integer.toString(k)));
        t.facts("keys", keys.stream().map(String::valueOf).toArray(String[]::new));
        t.facts("probe", probes.toArray(new String[0]));
        t.run("""
                .decl keys(x:number)
                .input keys
                .decl seen(x:number) filter(fpr=0.05)
                seen(x) :- keys(x).
                .decl probe(x:number)
                .input probe
                .decl exact(x:number)
                .output exact
                exact(x) :- probe(x), keys(x).
                .decl approx(x:number)
                .output approx
                approx(x) :- probe(x), seen(x).
                """);
        List<String> exact = t.output("exact");
        List<String> approx = t.output("approx");
        assertTrue(approx.containsAll(exact), "no false negatives");
        Set<String> probed = new HashSet<>(probes);
        int nonMembers = probed.size() - exact.size();
        double rate = (approx.size() - exact.size()) / (double) nonMembers;
        assertTrue(rate <= 0.05 * 1.5, "false-positive rate " + rate + " over " + nonMembers + " non-members");
    }

    @Test
    void countAndPrintsizeAreTheDistinctFingerprints() throws Exception {
        EngineTestSupport t = new EngineTestSupport(dir);
        RunResult r = t.run("""
                .decl e(x:number, y:symbol)
                e(1, "a"). e(2, "b"). e(3, "a"). e(1, "a").
                .decl seen(x:number, y:symbol) filter(fpr=0.000001)
                seen(x, y) :- e(x, y).
                seen(9, "z").
                .decl size(n:number)
                .output size
                size(n) :- n = count : { seen(_, _) }.
                .printsize seen
                """);
        assertEquals(List.of("4"), t.output("size"));
        assertEquals(List.of("seen\t4"), r.printSizeLines());
    }

    @Test
    void constantArgumentsAndExpressionsAreTested() throws Exception {
        EngineTestSupport t = new EngineTestSupport(dir);
        t.run("""
                .decl n(x:number)
                n(1). n(2). n(3). n(4).
                .decl odd(x:number) filter(fpr=0.0001, kind=sqf)
                odd(x) :- n(x), x % 2 = 1.
                .decl next_odd(x:number)
                .output next_odd
                next_odd(x) :- n(x), odd(x + 1).
                .decl has_three(x:number)
                .output has_three
                has_three(x) :- n(x), odd(3).
                .decl has_two(x:number)
                .output has_two
                has_two(x) :- n(x), odd(2).
                """);
        assertEquals(List.of("2"), t.output("next_odd"));
        assertEquals(List.of("1", "2", "3", "4"), t.output("has_three"));
        assertEquals(List.of(), t.output("has_two"));
    }

    @Test
    void outputIsTheBinaryFormatAndInputMergesItWithFacts() throws Exception {
        EngineTestSupport first = new EngineTestSupport(dir.resolve("first"));
        first.run("""
                .decl url(u:symbol)
                url("zeta"). url("alpha"). url("mid").
                .decl seen(u:symbol) filter(fpr=0.000001)
                seen(u) :- url(u).
                .output seen
                """);
        Path file = dir.resolve("first/out/seen.qf");
        byte[] bytes = Files.readAllBytes(file);
        assertEquals("LFQF", new String(bytes, 0, 4, StandardCharsets.US_ASCII));
        QuotientFilter written = QuotientFilters.fromBytes(bytes);
        assertEquals(3, written.distinctFingerprints());
        assertTrue(written.mightContain(textKey("zeta")), "a one-column symbol's key is the hash of its text");

        // A second run meets its symbols in another order (other interned ids) and merges the filter with facts.
        EngineTestSupport second = new EngineTestSupport(dir.resolve("second"));
        second.facts("more", "beta", "alpha");
        Files.copy(file, dir.resolve("second/facts/seen.qf"));
        second.facts("probe", "beta", "gamma", "alpha", "zeta", "mid", "omega");
        RunResult r = second.run("""
                .decl probe(u:symbol)
                .input probe
                .decl seen(u:symbol) filter(fpr=0.000001)
                .input seen(filename="seen.qf")
                .input seen(filename="more.facts")
                .decl hit(u:symbol)
                .output hit
                hit(u) :- probe(u), seen(u).
                .printsize seen
                """);
        assertEquals(List.of("alpha", "beta", "mid", "zeta"), second.output("hit"));
        assertEquals(List.of("seen\t4"), r.printSizeLines());
    }

    /** The documented key of a one-column symbol: FNV-1a of its UTF-8 bytes, then fmix64. */
    private static long textKey(String text) {
        long h = 0xcbf29ce484222325L;
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        return FingerprintHash.mix(h);
    }

    @Test
    void aDamagedFilterFileIsAnErrorNamingIt() throws Exception {
        EngineTestSupport t = new EngineTestSupport(dir);
        Files.createDirectories(dir.resolve("facts"));
        Files.write(dir.resolve("facts/seen.qf"), "LFQF but nothing else".getBytes(StandardCharsets.US_ASCII));
        LeapfrogException e = assertThrows(LeapfrogException.class, () -> t.run("""
                .decl seen(x:number) filter
                .input seen(filename="seen.qf")
                .printsize seen
                """));
        assertTrue(e.getMessage().contains("seen.qf") && e.getMessage().contains("damaged"), e.getMessage());
        assertFalse(Files.exists(dir.resolve("out/seen.qf")));
    }

    @Test
    void queriesTestMembershipAndTheDatabaseRefusesToListAFilter() throws Exception {
        EngineTestSupport t = new EngineTestSupport(dir);
        try (Engine engine = t.engine(1)) {
            RunResult r = engine.run(engine.parse("""
                    .decl n(x:number)
                    n(1). n(2). n(3).
                    .decl seen(x:number) filter(fpr=0.000001)
                    seen(2). seen(3).
                    """, "q.dl"), dir.resolve("facts"), dir.resolve("out"));
            Database db = r.database();
            assertEquals(List.of(List.of("2"), List.of("3")), engine.query(db, "?- n(x), seen(x).").rows());
            assertEquals(2, db.size("seen"));
            LeapfrogException listing = assertThrows(LeapfrogException.class, () -> db.relation("seen"));
            assertTrue(listing.getMessage().contains("filter relation"), listing.getMessage());
            LeapfrogException unbound = assertThrows(LeapfrogException.class, () -> engine.query(db, "?- seen(x)."));
            assertTrue(unbound.getMessage().contains("bound only by filter relation seen"), unbound.getMessage());
            assertTrue(engine.sql(db, "SELECT COUNT(*) FROM n").toString().contains("3"));
        }
    }

    @Test
    void explainShowsTheFilterAndItsTests() throws Exception {
        try (Engine engine = new Engine(EngineOptions.defaults().withThreads(1).withDevice(EngineOptions.Device.CPU))) {
            String plan = engine.explain(engine.parse("""
                    .decl e(x:number, y:number)
                    .input e
                    .decl seen(x:number) filter(fpr=0.001)
                    seen(x) :- e(x, _).
                    .decl hit(x:number, y:number)
                    .output hit
                    hit(x, y) :- e(x, y), seen(y).
                    """, "f.dl"));
            assertTrue(plan.contains("filter relation: seen is a quotient filter (RSQF, fpr 0.001)"), plan);
            assertTrue(plan.contains("filter seen(y) fpr 0.001"), plan);
            assertTrue(plan.contains("fire filter seen(y) fpr 0.001"), plan);
        }
    }
}
