package io.leapfrog.engine.eval;

import io.leapfrog.common.LeapfrogException;
import io.leapfrog.exec.filter.QuotientFilter;
import io.leapfrog.exec.io.OutputSet;
import io.leapfrog.exec.filter.QuotientFilters;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * A filter relation's files: its {@code .output} is the filter's binary format (docs/filters.md), and its
 * {@code .input} is either that format (told by the magic {@code LFQF} at its start) or a fact file.
 */
final class FilterFiles {
    private static final byte[] MAGIC = "LFQF".getBytes(StandardCharsets.US_ASCII);

    private FilterFiles() {
    }

    /** Whether the file starts with the filter format's magic (false for a missing or shorter file). */
    static boolean isFilterFile(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return Arrays.equals(in.readNBytes(MAGIC.length), MAGIC);
        } catch (IOException e) {
            return false;   // the fact reader reports a file it cannot open
        }
    }

    /** The filter in {@code file}; a file that is not a readable filter is an error naming the file and the check. */
    static QuotientFilter read(Path file, String relation) {
        try {
            return QuotientFilters.fromBytes(Files.readAllBytes(file));
        } catch (IOException e) {
            throw new LeapfrogException("error: cannot read filter file " + file + " for " + relation + ": " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new LeapfrogException("error: " + file + " (.input " + relation + ") starts like a filter file but "
                    + "is damaged: " + e.getMessage() + ". Write it again with .output " + relation);
        }
    }

    /** The filter's binary format, as one file of an output set (written with the run's other outputs). */
    static OutputSet.Content content(QuotientFilter filter, String relation) {
        byte[] bytes;
        try {
            bytes = filter.toBytes();
        } catch (IllegalStateException | IllegalArgumentException e) {
            throw new LeapfrogException("error: cannot write filter relation " + relation + ": " + e.getMessage());
        }
        return out -> out.write(bytes);
    }
}
