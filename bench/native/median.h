// median(v): the middle value of a list of timings (the upper middle for an even count; 0 for none).
// Shared by the timing probes of bench/native.
#pragma once
#include <algorithm>
#include <vector>

inline double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}
