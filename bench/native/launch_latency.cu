// The native baseline for io.leapfrog.bench.GpuLatency: what the CUDA driver API itself costs per
// kernel launch, launch + synchronisation and one-value read-back on this machine, so that JCuda's
// figures split into the driver's share and the Java binding's. Launches go through cuLaunchKernel, as
// JCuda's do: an empty kernel with 3 parameters, and one with 10 parameters, one of them a 392-byte
// struct (a level table's shape), one block of 32 threads; GpuLatency launches lw_count (8 parameters)
// and lw_reduce (11, with two 264-byte programs).
//   bash bench/native/build-cuda.sh && bench/native/build/launch_latency
#include <cuda.h>
#include <cuda_runtime.h>
#include <cudaTypedefs.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>

struct Table {
    long long words[49];
};

__global__ void empty3(int* a, int n, int* b) {
    if (n > 0 && threadIdx.x == 0) a[0] = b[0];
}

__global__ void empty10(Table t, int level, const long long* offsets, long long o0, long long o1, const int* drv,
                        const int* drvLo, int col, int op, unsigned long long* out) {
    if (o1 > o0 && threadIdx.x == 0) out[0] = t.words[0] + level + offsets[0] + drv[0] + drvLo[0] + col + op;
}

// The shape of the depth-first count's launch: a 10,768-byte plan and a 496-byte argument struct passed by
// value (read through the constant bank), 1,024-thread blocks, one per multiprocessor; and the same with
// the plan passed as a pointer instead, to tell the driver's cost of a large parameter from JCuda's.
struct BigPlan {
    int words[10768 / 4];
};
struct WarpArgs {
    int words[496 / 4];
};

__global__ void __launch_bounds__(1024) emptyBigPlan(const __grid_constant__ BigPlan plan, const __grid_constant__ WarpArgs a) {
    if (plan.words[0] > 0 && a.words[0] > 0 && threadIdx.x == 0) ((int*) 0)[0] = 0;   // never: both are zero
}

__global__ void __launch_bounds__(1024) emptyPlanPointer(const BigPlan* plan, const __grid_constant__ WarpArgs a) {
    if (plan->words[0] > 0 && a.words[0] > 0 && threadIdx.x == 0) ((int*) 0)[0] = 0;
}

static void check(int r, const char* what) {
    if (r != 0) {
        std::fprintf(stderr, "%s failed: %d\n", what, r);
        std::exit(1);
    }
}

template <class F>
static void report(const char* what, int reps, F f) {
    for (int i = 0; i < reps / 10; i++) f();   // warm-up
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < reps; i++) f();
    auto t1 = std::chrono::steady_clock::now();
    std::printf("native %-34s %8.2f us\n", what, std::chrono::duration<double, std::micro>(t1 - t0).count() / reps);
}

// The driver API through the runtime's entry-point lookup, so the program needs no libcuda to link.
template <class T>
static T entry(const char* name) {
    void* fn = nullptr;
    cudaDriverEntryPointQueryResult found;
    check(cudaGetDriverEntryPointByVersion(name, &fn, 12000, cudaEnableDefault, &found), name);
    if (found != cudaDriverEntryPointSuccess || fn == nullptr) check(1, name);
    return reinterpret_cast<T>(fn);
}

int main() {
    check(cudaFree(nullptr), "context");
    auto streamCreate = entry<PFN_cuStreamCreate_v2000>("cuStreamCreate");
    auto memAlloc = entry<PFN_cuMemAlloc_v3020>("cuMemAlloc");
    auto memsetD32 = entry<PFN_cuMemsetD32_v3020>("cuMemsetD32");
    auto launchKernel = entry<PFN_cuLaunchKernel_v4000>("cuLaunchKernel");
    auto streamSync = entry<PFN_cuStreamSynchronize_v2000>("cuStreamSynchronize");
    auto memcpyDtoHAsync = entry<PFN_cuMemcpyDtoHAsync_v3020>("cuMemcpyDtoHAsync");
    CUstream stream;
    check(streamCreate(&stream, CU_STREAM_NON_BLOCKING), "cuStreamCreate");
    CUfunction f3, f10;
    check(cudaGetFuncBySymbol(&f3, (const void*) empty3), "cudaGetFuncBySymbol");
    check(cudaGetFuncBySymbol(&f10, (const void*) empty10), "cudaGetFuncBySymbol");
    CUdeviceptr buf;
    check(memAlloc(&buf, 1 << 20), "cuMemAlloc");
    check(memsetD32(buf, 0, 1 << 18), "cuMemsetD32");
    int n = 0;
    void* p3[] = {&buf, &n, &buf};
    Table t{};
    int level = 1, col = 0, op = 0;
    long long o0 = 0, o1 = 0;
    void* p10[] = {&t, &level, &buf, &o0, &o1, &buf, &buf, &col, &op, &buf};
    long long host = 0;
    const int reps = 20000;
    auto launch3 = [&] { check(launchKernel(f3, 1, 1, 1, 32, 1, 1, 0, stream, p3, nullptr), "launch"); };
    auto launch10 = [&] { check(launchKernel(f10, 1, 1, 1, 32, 1, 1, 0, stream, p10, nullptr), "launch"); };
    report("launch, 3 parameters", reps, launch3);
    check(streamSync(stream), "sync");
    report("launch, 10 parameters", reps, launch10);
    check(streamSync(stream), "sync");
    report("launch + sync", reps, [&] { launch3(); check(streamSync(stream), "sync"); });
    CUfunction fBig, fPtr;
    check(cudaGetFuncBySymbol(&fBig, (const void*) emptyBigPlan), "cudaGetFuncBySymbol");
    check(cudaGetFuncBySymbol(&fPtr, (const void*) emptyPlanPointer), "cudaGetFuncBySymbol");
    int sms = 0;
    check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0), "multiprocessors");
    static BigPlan plan{};
    static WarpArgs wargs{};
    void* pBig[] = {&plan, &wargs};
    void* pPtr[] = {&buf, &wargs};
    report("launch, 10,768 + 496-byte structs", reps, [&] {
        check(launchKernel(fBig, sms, 1, 1, 1024, 1, 1, 0, stream, pBig, nullptr), "launch");
    });
    check(streamSync(stream), "sync");
    report("launch, plan pointer + 496-byte struct", reps, [&] {
        check(launchKernel(fPtr, sms, 1, 1, 1024, 1, 1, 0, stream, pPtr, nullptr), "launch");
    });
    check(streamSync(stream), "sync");
    report("launch + sync, 10,768 + 496-byte structs", reps / 4, [&] {
        check(launchKernel(fBig, sms, 1, 1, 1024, 1, 1, 0, stream, pBig, nullptr), "launch");
        check(streamSync(stream), "sync");
    });
    report("launch + sync, plan pointer + 496 bytes", reps / 4, [&] {
        check(launchKernel(fPtr, sms, 1, 1, 1024, 1, 1, 0, stream, pPtr, nullptr), "launch");
        check(streamSync(stream), "sync");
    });
    report("read-back of one value (+ sync)", reps, [&] {
        check(memcpyDtoHAsync(&host, buf, 8, stream), "cuMemcpyDtoHAsync");
        check(streamSync(stream), "sync");
    });
    return 0;
}
