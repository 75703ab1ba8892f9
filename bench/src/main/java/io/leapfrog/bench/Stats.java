package io.leapfrog.bench;

import java.util.Arrays;

/** Median, minimum and maximum of a few timings. */
public record Stats(double median, double min, double max, int runs) {

    public static Stats of(double[] seconds) {
        if (seconds.length == 0) {
            return new Stats(Double.NaN, Double.NaN, Double.NaN, 0);
        }
        double[] s = seconds.clone();
        Arrays.sort(s);
        int n = s.length;
        double median = n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
        return new Stats(median, s[0], s[n - 1], n);
    }
}
