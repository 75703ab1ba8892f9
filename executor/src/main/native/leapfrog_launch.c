/*
 * A short path through the CUDA driver for the one call a small GPU count makes: clear the count's
 * header, launch the kernel cooperatively, copy the header back, wait. Through JCuda these four steps
 * cost about 60 us on an H100's host, most of it JCuda's marshalling of each call's arguments; the
 * driver itself takes a few microseconds for each (docs/gpu.md, "The native launch path").
 *
 * The driver is opened with dlopen, so this library loads (and says why it cannot work) on machines
 * without one; its handles (function, stream, device pointers) come from JCuda, which owns the context.
 * No CUDA header is needed to build it: the few types and entry points it uses are declared here, as
 * cuda.h declares them.
 */
#include <jni.h>
#include <dlfcn.h>
#include <stddef.h>

typedef int CUresult;
typedef unsigned long long CUdeviceptr;

static CUresult (*cu_launch_cooperative)(void* f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
                                         unsigned bz, unsigned shared, void* stream, void** params);
static CUresult (*cu_memset_d32_async)(CUdeviceptr dst, unsigned value, size_t n, void* stream);
static CUresult (*cu_memcpy_dtoh_async)(void* dst, CUdeviceptr src, size_t bytes, void* stream);
static CUresult (*cu_stream_synchronize)(void* stream);

/* Steps, returned with the driver's error code as step << 32 | code (0: every step succeeded). */
enum { STEP_CLEAR = 1, STEP_LAUNCH = 2, STEP_COPY = 3, STEP_WAIT = 4 };

static jlong failed(int step, CUresult r) {
    return ((jlong) step << 32) | (jlong) (unsigned) r;
}

/* 0 when the driver's entry points were found; 1 when libcuda.so.1 cannot be opened; 2 when an entry point is missing. */
JNIEXPORT jint JNICALL Java_io_leapfrog_exec_gpu_NativeLaunch_open(JNIEnv* env, jclass cls) {
    void* cuda = dlopen("libcuda.so.1", RTLD_NOW | RTLD_GLOBAL);
    if (cuda == NULL) {
        return 1;
    }
    cu_launch_cooperative = dlsym(cuda, "cuLaunchCooperativeKernel");
    cu_memset_d32_async = dlsym(cuda, "cuMemsetD32Async");
    cu_memcpy_dtoh_async = dlsym(cuda, "cuMemcpyDtoHAsync_v2");
    cu_stream_synchronize = dlsym(cuda, "cuStreamSynchronize");
    return cu_launch_cooperative && cu_memset_d32_async && cu_memcpy_dtoh_async && cu_stream_synchronize ? 0 : 2;
}

/*
 * Clears clearWords 32-bit words at `clear`, launches `function` cooperatively over `blocks` blocks of
 * `block` threads, each with `shared` bytes of dynamic shared memory, with nargs parameters (parameter i at byte offsets[i] of `params`, a direct buffer),
 * copies copyBytes from `src` into `dst` (a direct buffer) and waits for the stream. Each step is
 * issued only when the ones before it succeeded.
 */
JNIEXPORT jlong JNICALL Java_io_leapfrog_exec_gpu_NativeLaunch_cooperativeRound(JNIEnv* env, jclass cls,
        jlong function, jlong stream, jint blocks, jint block, jint shared, jobject params, jobject offsets, jint nargs,
        jlong clear, jlong clearWords, jlong src, jobject dst, jlong copyBytes) {
    char* p = (*env)->GetDirectBufferAddress(env, params);
    const jint* off = (*env)->GetDirectBufferAddress(env, offsets);
    void* dstAddr = (*env)->GetDirectBufferAddress(env, dst);
    void* s = (void*) (size_t) stream;
    void* each[64];
    if (p == NULL || off == NULL || dstAddr == NULL || nargs < 0 || nargs > 64) {
        return failed(STEP_LAUNCH, 1); /* CUDA_ERROR_INVALID_VALUE */
    }
    for (int i = 0; i < nargs; i++) {
        each[i] = p + off[i];
    }
    CUresult r;
    if (clearWords > 0 && (r = cu_memset_d32_async((CUdeviceptr) clear, 0, (size_t) clearWords, s)) != 0) {
        return failed(STEP_CLEAR, r);
    }
    if ((r = cu_launch_cooperative((void*) (size_t) function, (unsigned) blocks, 1, 1, (unsigned) block, 1, 1,
                                   (unsigned) shared, s, each)) != 0) {
        return failed(STEP_LAUNCH, r);
    }
    if (copyBytes > 0 && (r = cu_memcpy_dtoh_async(dstAddr, (CUdeviceptr) src, (size_t) copyBytes, s)) != 0) {
        return failed(STEP_COPY, r);
    }
    if ((r = cu_stream_synchronize(s)) != 0) {
        return failed(STEP_WAIT, r);
    }
    return 0;
}
