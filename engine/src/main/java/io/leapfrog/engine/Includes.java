package io.leapfrog.engine;

import io.leapfrog.ast.SourcePos;
import io.leapfrog.parser.Diagnostics;

import io.leapfrog.common.LeapfrogException;
import io.leapfrog.parser.ProgramText;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Souffle's {@code #include "file.dl"} (the only C preprocessor line Leapfrog reads; the parser refuses
 * the others). A file is cut at its include lines into parts, each the whole text with the other lines
 * blanked, so that every position still names the right file and line; an included file's parts come
 * where its include line was, as the preprocessor would put its text. Paths are relative to the
 * including file's directory (or the working directory for text that is not a file); a missing file, one
 * that is not a regular file (a directory, /dev/zero), one {@link ProgramText} refuses (not UTF-8, too
 * large) or a cycle of includes is an error at the include line.
 */
final class Includes {
    private static final Pattern INCLUDE = Pattern.compile("^\\s*#\\s*include\\s+[\"<]([^\">]+)[\">]\\s*$");

    /** One part to parse: text and the file its positions refer to. */
    record Part(String text, String fileName) { }

    private final List<Part> parts = new ArrayList<>();
    /** Every file's full text, for the source lines quoted in messages. */
    private final Map<String, String> sources = new LinkedHashMap<>();

    private Includes() {
    }

    /** The parts of {@code source} (named {@code fileName}) and of the files it includes, in order. */
    static Includes expand(String source, String fileName) {
        Includes in = new Includes();
        List<Path> chain = new ArrayList<>();
        Path file = asFile(fileName);
        if (file != null) {
            chain.add(file.toAbsolutePath().normalize());   // a file that includes itself is a cycle too
        }
        in.add(source, fileName, file == null || file.getParent() == null ? Path.of("") : file.getParent(), chain);
        return in;
    }

    List<Part> parts() {
        return parts;
    }

    Map<String, String> sources() {
        return sources;
    }

    private void add(String source, String fileName, Path dir, List<Path> chain) {
        sources.putIfAbsent(fileName, source);
        String[] lines = source.split("\n", -1);
        int from = 0;
        for (int i = 0; i < lines.length; i++) {
            Matcher m = INCLUDE.matcher(lines[i]);
            if (!m.matches()) {
                continue;
            }
            SourcePos pos = new SourcePos(fileName, i + 1, lines[i].indexOf('#') + 1);
            if (braceDepth(lines, i) > 0) {
                throw Diagnostics.notSupported(pos, "#include inside a component's braces; include the file"
                        + " at the top level (its declarations can be used by the component)", source);
            }
            parts.add(new Part(keep(lines, from, i), fileName));
            Path target = dir.resolve(m.group(1)).normalize();
            if (chain.contains(target.toAbsolutePath().normalize())) {
                throw Diagnostics.failure(pos, "#include cycle: " + target + " is already being included. Remove one of"
                        + " the includes", source);
            }
            if (!Files.isRegularFile(target)) {
                throw Diagnostics.failure(pos, "cannot read included file " + target + ": " + (Files.isDirectory(target)
                        ? "it is a directory" : Files.exists(target) ? "it is not a regular file"
                        : "no such file") + ". Paths are relative to the including file's directory", source);
            }
            String text;
            try {
                text = ProgramText.read(target, "included file");
            } catch (LeapfrogException e) {
                throw new LeapfrogException(e.getMessage() + "\n" + Diagnostics.error(pos, "included here", source));
            }
            List<Path> deeper = new ArrayList<>(chain);
            deeper.add(target.toAbsolutePath().normalize());
            add(text, target.toString(), target.getParent() == null ? Path.of("") : target.getParent(), deeper);
            from = i + 1;
        }
        parts.add(new Part(keep(lines, from, lines.length), fileName));
    }

    /** Open braces before line {@code line}, outside strings and comments (the parts are cut between statements). */
    private static int braceDepth(String[] lines, int line) {
        int depth = 0;
        boolean block = false;
        for (int l = 0; l < line; l++) {
            String s = lines[l];
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (block) {
                    if (c == '*' && i + 1 < s.length() && s.charAt(i + 1) == '/') {
                        block = false;
                        i++;
                    }
                } else if (c == '/' && i + 1 < s.length() && s.charAt(i + 1) == '/') {
                    break;
                } else if (c == '/' && i + 1 < s.length() && s.charAt(i + 1) == '*') {
                    block = true;
                    i++;
                } else if (c == '"') {
                    for (i++; i < s.length() && s.charAt(i) != '"'; i++) {
                        if (s.charAt(i) == '\\') {
                            i++;
                        }
                    }
                } else if (c == '{') {
                    depth++;
                } else if (c == '}') {
                    depth--;
                }
            }
        }
        return depth;
    }

    /** The text with only lines [from, to) kept; the others are empty, so line numbers stay. */
    private static String keep(String[] lines, int from, int to) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < lines.length; i++) {
            if (i > 0) {
                sb.append('\n');
            }
            if (i >= from && i < to) {
                sb.append(lines[i]);
            }
        }
        return sb.toString();
    }

    /** The program's file, or null for text that is not one (a REPL statement, a string). */
    private static Path asFile(String fileName) {
        try {
            Path p = Path.of(fileName);
            return Files.isRegularFile(p) ? p : null;
        } catch (java.nio.file.InvalidPathException e) {
            return null;
        }
    }
}
