package io.leapfrog.parser;

import io.leapfrog.common.IoFailures;
import io.leapfrog.common.LeapfrogException;
import io.leapfrog.common.SourceDiagnostic;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Program files as text: UTF-8, a byte-order mark at the start skipped, at most {@link #MAX_BYTES}. A byte
 * that is not UTF-8 is an error at its line and column; reading stops at the limit, so a device such as
 * /dev/zero cannot make it read forever.
 */
public final class ProgramText {
    /** The largest program file read (10^6 inline facts take about 20 MiB). */
    public static final int MAX_BYTES = 256 << 20;

    private ProgramText() {
    }

    /** The text of {@code file}; {@code what} names it in messages ("program file", "included file"). */
    public static String read(Path file, String what) {
        if (Files.isDirectory(file)) {
            throw new LeapfrogException("error: cannot read " + what + " " + file + ": it is a directory");
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes(MAX_BYTES + 1);
        } catch (IOException e) {
            throw new LeapfrogException("error: cannot read " + what + " " + file + ": " + IoFailures.reason(e));
        }
        if (bytes.length > MAX_BYTES) {
            throw new LeapfrogException("error: cannot read " + what + " " + file + ": it is larger than "
                    + (MAX_BYTES >> 20) + " MiB; put large data in fact files (.input) instead");
        }
        return decode(bytes, file.toString());
    }

    /** {@code bytes} decoded as UTF-8 after an optional byte-order mark; an invalid byte is a positioned error. */
    public static String decode(byte[] bytes, String fileName) {
        int start = bytes.length >= 3 && (bytes[0] & 0xFF) == 0xEF && (bytes[1] & 0xFF) == 0xBB
                && (bytes[2] & 0xFF) == 0xBF ? 3 : 0;
        ByteBuffer in = ByteBuffer.wrap(bytes, start, bytes.length - start);
        CharBuffer out = CharBuffer.allocate(bytes.length - start);
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        CoderResult r = decoder.decode(in, out, true);
        if (r.isUnderflow()) {
            r = decoder.flush(out);
        }
        if (r.isError()) {
            throw invalidByte(bytes, start, in.position(), fileName);
        }
        return out.flip().toString();
    }

    private static LeapfrogException invalidByte(byte[] bytes, int start, int at, String fileName) {
        String before = new String(bytes, start, at - start, StandardCharsets.UTF_8);
        int line = 1;
        int lineStart = 0;
        for (int i = 0; i < before.length(); i++) {
            if (before.charAt(i) == '\n') {
                line++;
                lineStart = i + 1;
            }
        }
        int column = before.codePointCount(lineStart, before.length()) + 1;
        int end = at;
        while (end < bytes.length && bytes[end] != '\n') {
            end++;
        }
        // The source as far as the end of the bad line, with the bad bytes shown as U+FFFD.
        String shown = new String(Arrays.copyOfRange(bytes, start, end), StandardCharsets.UTF_8);
        return new LeapfrogException(SourceDiagnostic.format(fileName, line, column, "error",
                String.format("invalid UTF-8 byte 0x%02X; program files must be UTF-8 (convert one in Latin-1 with"
                        + " iconv -f latin1 -t utf-8)", bytes[at] & 0xFF), shown));
    }
}
