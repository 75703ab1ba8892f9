package io.leapfrog.cli;

import io.leapfrog.exec.gpu.join.GpuJoinExecutor;
import io.leapfrog.planner.PlannerOptions;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Picocli converters of the flag values that need more than a type: each accepts exactly the documented
 * forms (words in any letter case, as picocli's enum values are) and rejects anything else with what is
 * accepted, which picocli reports as a usage error (exit 2) before the command runs.
 */
final class FlagValues {
    private FlagValues() {
    }

    /** The most worker threads --threads takes: more only costs memory and switching, even on the largest hosts. */
    static final int MAX_THREADS = 1024;

    /** --threads: a whole number from 1 to {@link #MAX_THREADS}. */
    static final class ThreadCount implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            String s = value.strip();
            if (!s.matches("[0-9]{1,9}") || Integer.parseInt(s) < 1 || Integer.parseInt(s) > MAX_THREADS) {
                throw new TypeConversionException("'" + value + "' is not a thread count; give a whole number from 1 to "
                        + MAX_THREADS);
            }
            return Integer.parseInt(s);
        }
    }

    /** The least --gpu-memory: a smaller budget holds no join's data and is surely a missing unit. */
    static final long MIN_GPU_MEMORY = 1L << 20;

    private static final Pattern SIZE = Pattern.compile("([0-9]{1,19})\\s*(?:([KMGT])(?:I?B)?|B)?");

    /** A memory size: a whole number, optionally with K, M, G or T (powers of 1024), KB, KiB, ..., or B; at least 1M. */
    static final class ByteSize implements ITypeConverter<Long> {
        @Override
        public Long convert(String value) {
            Matcher m = SIZE.matcher(value.strip().toUpperCase(Locale.ROOT));
            long bytes = -1;
            if (m.matches()) {
                try {
                    long n = Long.parseLong(m.group(1));
                    int shift = m.group(2) == null ? 0 : 10 * ("KMGT".indexOf(m.group(2)) + 1);
                    bytes = n > (Long.MAX_VALUE >> shift) ? -1 : n << shift;
                } catch (NumberFormatException e) {
                    bytes = -1;
                }
            }
            if (bytes < MIN_GPU_MEMORY) {
                throw new TypeConversionException("'" + value + "' is not a memory size of at least 1M; give a whole"
                        + " number with a unit, such as 512M or 8G");
            }
            return bytes;
        }
    }

    /** --gpu-strategy: auto, lftj or levelwise. */
    static final class GpuStrategy implements ITypeConverter<GpuJoinExecutor.Strategy> {
        @Override
        public GpuJoinExecutor.Strategy convert(String value) {
            try {
                return GpuJoinExecutor.Strategy.parse(value.strip());
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException("'" + value + "' is not a GPU strategy; use auto, lftj or levelwise");
            }
        }
    }

    /** --degree-order: measure, never or always. */
    static final class DegreeOrder implements ITypeConverter<PlannerOptions.DegreeOrder> {
        @Override
        public PlannerOptions.DegreeOrder convert(String value) {
            try {
                return PlannerOptions.DegreeOrder.valueOf(value.strip().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new TypeConversionException("'" + value + "' is not a degree order; use measure, never or always");
            }
        }
    }

    /** A file or directory named on the command line: not empty (an empty path would mean the current directory). */
    static final class NonEmptyPath implements ITypeConverter<Path> {
        @Override
        public Path convert(String value) {
            if (value.isBlank()) {
                throw new TypeConversionException("an empty path; name a file or directory");
            }
            try {
                return Path.of(value);
            } catch (InvalidPathException e) {
                throw new TypeConversionException("'" + value + "' is not a valid path (" + e.getReason() + ")");
            }
        }
    }
}
