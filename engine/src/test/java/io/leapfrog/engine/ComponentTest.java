package io.leapfrog.engine;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Souffle components: type parameters, instance-prefixed relations and types, references to global
 * relations, inheritance with {@code .override}, nested instances, and IO of instance relations
 * ({@code g.edge.facts} in, {@code g.path.csv} out).
 */
class ComponentTest {
    @TempDir
    Path dir;

    @Test
    void instancesExpandWithTheirOwnNames() throws Exception {
        EngineTestSupport t = new EngineTestSupport(dir);
        t.facts("g.edge", "1\t2", "2\t3", "3\t4");
        t.run("""
                .comp Graph<T> {
                  .decl edge(x:T, y:T)
                  .decl path(x:T, y:T)
                  path(x, y) :- edge(x, y).
                  path(x, z) :- path(x, y), edge(y, z).
                }
                .init g = Graph<number>
                .input g.edge
                .output g.path
                .init h = Graph<symbol>
                h.edge("a", "b"). h.edge("b", "c").
                .output h.path
                """);
        assertEquals(List.of("1\t2", "1\t3", "1\t4", "2\t3", "2\t4", "3\t4"), t.output("g.path"));
        assertEquals(List.of("a\tb", "a\tc", "b\tc"), t.output("h.path"));
    }

    @Test
    void derivedComponentsOverrideAndNestInstances() throws Exception {
        EngineTestSupport t = new EngineTestSupport(dir);
        t.run("""
                .decl node(x:number)
                node(1). node(2). node(3).
                .comp Reach<T> {
                  .type Node = T
                  .decl edge(x:Node, y:Node) overridable
                  .decl reach(x:Node, y:Node)
                  edge(x, y) :- node(x), node(y), x < y.
                  reach(x, y) :- edge(x, y).
                  reach(x, z) :- reach(x, y), edge(y, z).
                }
                .comp Backwards : Reach<number> {
                  .override edge
                  edge(y, x) :- node(x), node(y), x < y.
                }
                .comp Pair {
                  .init forward = Reach<number>
                  .init backward = Backwards
                  .decl both(x:number, y:number)
                  both(x, y) :- forward.reach(x, y).
                  both(x, y) :- backward.reach(x, y).
                }
                .init p = Pair
                .output p.both, p.backward.edge, p.forward.edge
                """);
        assertEquals(List.of("1\t2", "1\t3", "2\t1", "2\t3", "3\t1", "3\t2"), t.output("p.both"));
        assertEquals(List.of("2\t1", "3\t1", "3\t2"), t.output("p.backward.edge"));
        assertEquals(List.of("1\t2", "1\t3", "2\t3"), t.output("p.forward.edge"));
    }
}
