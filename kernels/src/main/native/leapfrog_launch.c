/*
 * Kernel launches straight into the CUDA driver, for io.leapfrog.exec.gpu.NativeLaunch.
 *
 * Through JCuda a launch costs about three times a direct driver call (docs/results.md, "the runtime's
 * fixed costs"; bench/native/launch_latency.cu measures the driver's own cost), a level-wise join
 * launches dozens of kernels, and a depth-first count takes tens of microseconds. These
 * entry points take the handles JCuda created as plain addresses and call the driver directly. The
 * driver is found with dlopen/dlsym (libcuda.so.1, which JCuda has loaded already), so the library
 * links against nothing but libc and builds without the CUDA toolkit's stubs.
 */
#include <dlfcn.h>
#include <jni.h>
#include <stddef.h>

typedef int (*launch_fn)(void* f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                         unsigned shared, void* stream, void** params, void** extra);
typedef int (*cooperative_fn)(void* f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                              unsigned shared, void* stream, void** params);

static launch_fn launch_kernel;
static cooperative_fn launch_cooperative;

/* Null when the driver's entry points were found, else why not. */
JNIEXPORT jstring JNICALL Java_io_leapfrog_exec_gpu_NativeLaunch_open(JNIEnv* env, jclass cls) {
    (void) cls;
    void* cuda = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (cuda == NULL) {
        const char* why = dlerror();
        return (*env)->NewStringUTF(env, why != NULL ? why : "libcuda.so.1 cannot be loaded");
    }
    launch_kernel = (launch_fn) dlsym(cuda, "cuLaunchKernel");
    launch_cooperative = (cooperative_fn) dlsym(cuda, "cuLaunchCooperativeKernel");
    if (launch_kernel == NULL || launch_cooperative == NULL) {
        return (*env)->NewStringUTF(env, "libcuda.so.1 has no cuLaunchKernel or cuLaunchCooperativeKernel");
    }
    return NULL;
}

/* The address of a direct buffer's first byte. */
JNIEXPORT jlong JNICALL Java_io_leapfrog_exec_gpu_NativeLaunch_address(JNIEnv* env, jclass cls, jobject buffer) {
    (void) cls;
    return (jlong) (size_t) (*env)->GetDirectBufferAddress(env, buffer);
}

/* cuLaunchKernel of a one-dimensional grid; params: the address of the array of parameter pointers. */
JNIEXPORT jint JNICALL Java_io_leapfrog_exec_gpu_NativeLaunch_launch(JNIEnv* env, jclass cls, jlong function, jint blocks,
                                                                     jint block, jint shared, jlong stream, jlong params) {
    (void) env;
    (void) cls;
    return launch_kernel((void*) (size_t) function, (unsigned) blocks, 1, 1, (unsigned) block, 1, 1, (unsigned) shared,
                         (void*) (size_t) stream, (void**) (size_t) params, NULL);
}

/* cuLaunchCooperativeKernel, as launch. */
JNIEXPORT jint JNICALL Java_io_leapfrog_exec_gpu_NativeLaunch_launchCooperative(JNIEnv* env, jclass cls, jlong function,
                                                                                jint blocks, jint block, jint shared,
                                                                                jlong stream, jlong params) {
    (void) env;
    (void) cls;
    return launch_cooperative((void*) (size_t) function, (unsigned) blocks, 1, 1, (unsigned) block, 1, 1,
                              (unsigned) shared, (void*) (size_t) stream, (void**) (size_t) params);
}
