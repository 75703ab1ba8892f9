package io.leapfrog.bench;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Graphs written once as little-endian uint32 pairs (the input of the CUDA counter and the CuPy script),
 * one file per dataset in a temporary directory, deleted at exit.
 */
final class BinaryEdgeFiles {
    private static final Map<String, Path> FILES = new HashMap<>();

    private BinaryEdgeFiles() {
    }

    static synchronized Path of(Workload w) {
        Path f = FILES.get(w.dataset());
        if (f != null) {
            return f;
        }
        try {
            f = Files.createTempFile("leapfrog-bench-" + w.dataset().replaceAll("[^A-Za-z0-9_.-]", "_") + "-", ".bin");
            f.toFile().deleteOnExit();
            EdgeList g = w.graph();
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(f), 1 << 20)) {
                ByteBuffer b = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
                for (int i = 0; i < g.size(); i++) {
                    b.clear();
                    b.putInt(g.src()[i]).putInt(g.dst()[i]);
                    out.write(b.array());
                }
            }
            FILES.put(w.dataset(), f);
            return f;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the edge file of " + w.dataset() + ": " + e.getMessage(), e);
        }
    }
}
