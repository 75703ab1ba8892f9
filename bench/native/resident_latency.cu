// What a small GPU count's launch path costs with a resident kernel: one left running that takes each
// count's description from mapped host memory and hands the result back there, against an ordinary
// launch per count (as the depth-first count's: the plan passed by value, the result awaited in mapped
// host memory). Neither does any join work; the difference is the floor a resident kernel lowers. The
// engine's resident counts (docs/gpu.md, "Resident counts") are built on what it measures. Not a bench peer.
//   bash bench/native/build-cuda.sh && bench/native/build/resident_latency [reps]
// Prints the median round trip of each way, as the host sees it, in microseconds.
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "cuda_check.h"
#include "median.h"

namespace {

constexpr int kMaxWords = 10768 / 4;   // the engine's LfPlan, the largest description measured
constexpr unsigned long long kQuit = ~0ull;

// Mapped host memory shared by the host and the kernels.
struct Mailbox {
    volatile unsigned long long job;      // the host writes job n (n = 1, 2, ...); kQuit stops the resident kernel
    volatile unsigned long long done;     // the kernel writes n when job n's result is in `result`
    volatile unsigned long long result;
    int description[kMaxWords];           // job n's description (a plan), read by every block
};

struct Plan {
    int words[kMaxWords];
};

// Each block's share of a job: its copy of the description in shared memory, a sum into device memory,
// and the last block to finish hands the sum to the host (as lw_hand_over does).
__device__ void finishJob(Mailbox* box, unsigned long long* sum, const int* plan, int words, unsigned long long job) {
    if (threadIdx.x == 0) {
        atomicAdd(&sum[0], 1ull + (words > 0 ? plan[words - 1] : 0));   // the description's words are 0
        __threadfence();
        if (atomicAdd(&sum[1], 1ull) == gridDim.x - 1) {
            __threadfence();
            box->result = atomicExch(&sum[0], 0ull);
            sum[1] = 0;
            __threadfence_system();
            box->done = job;
        }
    }
}

// The ordinary way: one launch per job, the description passed by value (the first `words` of it read).
__global__ void __launch_bounds__(1024) once(const __grid_constant__ Plan p, int words, Mailbox* box,
                                             unsigned long long* sum, unsigned long long job) {
    __shared__ int plan[kMaxWords];
    for (int i = threadIdx.x; i < words; i += blockDim.x) plan[i] = p.words[i];
    __syncthreads();
    finishJob(box, sum, plan, words, job);
}

// The resident way: thread 0 of each block waits for a job number past `seen` in host memory, the block
// copies the job's description from host memory and does the job.
__global__ void __launch_bounds__(1024) resident(Mailbox* box, unsigned long long* sum, int words,
                                                 unsigned long long seen) {
    __shared__ int plan[kMaxWords];
    __shared__ unsigned long long next;
    for (;;) {
        if (threadIdx.x == 0) {
            unsigned long long j;
            while ((j = box->job) == seen) {
            }
            next = j;
        }
        __syncthreads();
        unsigned long long job = next;
        if (job == kQuit) return;
        seen = job;
        const volatile int* from = box->description;
        for (int i = threadIdx.x; i < words; i += blockDim.x) plan[i] = from[i];
        __syncthreads();
        finishJob(box, sum, plan, words, job);
        __syncthreads();   // `next` and `plan` are rewritten by the next job only after every thread is done
    }
}

double micros(std::chrono::steady_clock::time_point a, std::chrono::steady_clock::time_point b) {
    return std::chrono::duration<double, std::micro>(b - a).count();
}

}  // namespace

int main(int argc, char** argv) {
    int reps = argc > 1 ? std::atoi(argv[1]) : 20000;
    CHECK(cudaSetDeviceFlags(cudaDeviceMapHost));
    Mailbox* box;
    CHECK(cudaHostAlloc(&box, sizeof(Mailbox), cudaHostAllocMapped));
    Mailbox* dBox;
    CHECK(cudaHostGetDevicePointer(&dBox, box, 0));
    unsigned long long* sum;
    CHECK(cudaMalloc(&sum, 2 * sizeof(unsigned long long)));
    CHECK(cudaMemset(sum, 0, 2 * sizeof(unsigned long long)));
    int sms = 0;
    CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    cudaStream_t stream;
    CHECK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    static Plan plan{};
    unsigned long long job = 0;
    const int smallWords = 1536 / 4;   // a 4-variable plan's levels, about 1.5 KB

    for (int words : {smallWords, kMaxWords}) {
        std::vector<double> t;
        for (int i = 0; i < 2 * reps; i++) {   // the first half warms up
            auto t0 = std::chrono::steady_clock::now();
            ++job;
            once<<<sms, 1024, 0, stream>>>(plan, words, dBox, sum, job);
            while (box->done != job) {
            }
            auto t1 = std::chrono::steady_clock::now();
            if (i >= reps) t.push_back(micros(t0, t1));
        }
        CHECK(cudaStreamSynchronize(stream));
        std::printf("launch per job, %d blocks of 1024, %5d-byte plan by value: round trip %6.2f us\n", sms, 4 * words,
                    median(t));
    }

    for (int blocks : {sms, 1}) {
        for (int words : {0, smallWords, kMaxWords}) {
            if (blocks == 1 && words == kMaxWords) continue;
            box->job = job;
            resident<<<blocks, 1024, 0, stream>>>(dBox, sum, words, job);   // waits for the job after it
            std::vector<double> t;
            for (int i = 0; i < 2 * reps; i++) {
                auto t0 = std::chrono::steady_clock::now();
                box->job = ++job;
                while (box->done != job) {
                }
                auto t1 = std::chrono::steady_clock::now();
                if (i >= reps) t.push_back(micros(t0, t1));
            }
            box->job = kQuit;
            CHECK(cudaStreamSynchronize(stream));
            if (box->result != (unsigned long long) blocks) {
                std::fprintf(stderr, "error: the resident kernel's last result was %llu, not %d\n", box->result, blocks);
                return 3;
            }
            std::printf("resident kernel, %3d block(s) of 1024, %5d-byte plan from host memory: round trip %6.2f us\n",
                        blocks, 4 * words, median(t));
        }
    }
    return 0;
}
