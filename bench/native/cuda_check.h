// CHECK(call): a CUDA runtime call that must succeed; on failure it names the call and the error and
// exits with status 3. Shared by the hand-written CUDA programs of bench/native.
#pragma once
#include <cstdio>
#include <cstdlib>

#define CHECK(call)                                                                                  \
    do {                                                                                             \
        cudaError_t err_ = (call);                                                                   \
        if (err_ != cudaSuccess) {                                                                   \
            std::fprintf(stderr, "error: %s failed: %s\n", #call, cudaGetErrorString(err_));         \
            std::exit(3);                                                                            \
        }                                                                                            \
    } while (0)
