// Host-side test of the quotient filter kernels' logic (filter_kernels.cuh): the same code, compiled for the
// CPU. The expected words are the Java RSQF's (io.leapfrog.exec.filter, built by inserting the keys one by one)
// for two small filters, so the device's hash, bulk-build placement, offsets and lookups are checked against
// the CPU filter in every build, without a GPU. The expected values follow from the binary format: a change to
// the hash or the layout must change docs/filters.md's format version and these words together.
#include "filter_kernels.cuh"

#include <algorithm>
#include <cstdio>
#include <vector>

namespace {

int failures = 0;

void check(bool ok, const char* what, long long at) {
    if (!ok && failures++ < 20) std::printf("filter host test: %s differs at %lld\n", what, at);
}

template <typename T>
void same(const std::vector<T>& got, const T* want, size_t n, const char* what) {
    check(got.size() == n, what, -1);
    for (size_t i = 0; i < n && i < got.size(); i++) check(got[i] == want[i], what, (long long) i);
}

long long totalSlots(int q) {
    long long home = 1LL << q;
    long long tail = 10;
    while (tail * tail < 100 * home) tail++;   // ceil(10 * sqrt(home)) for these small q
    tail = std::max(64LL, (tail + 63) & ~63LL);
    return home + tail;
}

// Builds the RSQF of the keys' fingerprints as the device does (chunks of 4, carries from the chunk maxima)
// and compares it, and its lookups of keys 0..1023, with the Java filter's.
void buildAndCompare(const char* tag, bool counting, int q, int r, const std::vector<long long>& keys,
                     const qf_word* occ, const qf_word* run, const int* off, const qf_word* rem, size_t remWords,
                     const qf_word* hits) {
    std::vector<long long> fps;
    for (long long k : keys) fps.push_back((long long) (qf_mix((qf_word) k) >> (64 - q - r)));
    std::sort(fps.begin(), fps.end());
    if (!counting) fps.erase(std::unique(fps.begin(), fps.end()), fps.end());
    long long slots = totalSlots(q);
    size_t blocks = (size_t) (slots / 64);
    std::vector<qf_word> occupieds(blocks), runends(blocks), remainders((size_t) ((slots * r + 63) / 64));
    std::vector<int> offsets(blocks);
    const int chunk = 4;
    long long n = (long long) fps.size();
    long long carry = LLONG_MIN;
    for (long long start = 0; start < n; start += chunk) {
        long long end = std::min(n, start + chunk);
        long long m = qf_chunk_max(fps.data(), start, end, r);
        qf_rsqf_write_chunk(fps.data(), n, start, end, r, carry, occupieds.data(), runends.data(), offsets.data(),
                            remainders.data());
        carry = std::max(carry, m);
    }
    std::printf("filter host test: %s: %lld fingerprints, q=%d, r=%d\n", tag, n, q, r);
    same(occupieds, occ, blocks, "occupieds");
    same(runends, run, blocks, "runends");
    same(offsets, off, blocks, "offsets");
    same(remainders, rem, remWords, "remainders");
    for (long long k = 0; k < 1024; k++) {
        bool want = (hits[k >> 6] >> (k & 63)) & 1;
        check(qf_rsqf_lookup_key(occupieds.data(), runends.data(), offsets.data(), remainders.data(), q, r, k) == want,
              "lookup", k);
    }
}

}  // namespace

int main() {
    const unsigned long long mixed[] = {
        0x0000000000000000ULL,0xb456bcfc34c2cb2cULL,0x64b5720b4b825f21ULL,0x87cbfbfe89022ceaULL,};
    const unsigned long long set_occupieds[] = {
        0x0e1e0f855e08efd1ULL,0xf09e4950a474a9c0ULL,0x0411140515bf159bULL,0x5a11f9dbca69d6d1ULL,
        0x0000000000000000ULL,0x0000000000000000ULL,0x0000000000000000ULL,};
    const unsigned long long set_runends[] = {
        0x0e1e1d859e097f54ULL,0x50af095124d4ab40ULL,0x0821240531bf75d6ULL,0x5c2be1dbe269dcd1ULL,
        0x0000000000000000ULL,0x0000000000000000ULL,0x0000000000000000ULL,};
    const int set_offsets[] = {0,0,3,0,0,0,0,};
    const unsigned long long set_remainders[] = {
        0x3138d0056019ae00ULL,0x003552f54a882796ULL,0x20d3000000000be0ULL,0x0004c01ff048065bULL,
        0x01e3765eb3ce0000ULL,0x0002a1b241800000ULL,0x0000000757f88000ULL,0x4827540000000000ULL,
        0x4000b603000ac03bULL,0x1d0000fbaa2e401cULL,0x0000007568014800ULL,0x000de0002f01ec03ULL,
        0x03a830b89fae5454ULL,0x097802000000009cULL,0x96730423207974d6ULL,0x4846011ef7ad6301ULL,
        0x674008180369ae31ULL,0x000200170000fea7ULL,0xe3101bc000000000ULL,0x038ab00000140001ULL,
        0x0000000544000000ULL,0x807fa404f0000034ULL,0x002d8e4800a0aed2ULL,0x20248000d4580840ULL,
        0xf9003d6bf75ebb56ULL,0x84c260005abf7c03ULL,0x015a9648719bc17bULL,0x0184027adb2a0000ULL,
        0x0000000000000000ULL,0x0000000000000000ULL,0x0000000000000000ULL,0x0000000000000000ULL,
        0x0000000000000000ULL,0x0000000000000000ULL,0x0000000000000000ULL,0x0000000000000000ULL,
        0x0000000000000000ULL,0x0000000000000000ULL,0x0000000000000000ULL,0x0000000000000000ULL,
        0x0000000000000000ULL,0x0000000000000000ULL,0x0000000000000000ULL,0x0000000000000000ULL,
        0x0000000000000000ULL,0x0000000000000000ULL,0x0000000000000000ULL,0x0000000000000000ULL,
        0x0000000000000000ULL,};
    const unsigned long long set_hits[] = {
        0xffffffffffffffffULL,0xffffffffffffffffULL,0x00000000003fffffULL,0x0000000000000000ULL,
        0x0000000000000000ULL,0x0000000000000000ULL,0x0000000100000000ULL,0x0000000000000000ULL,
        0x0000002000000000ULL,0x0000000000000000ULL,0x0000000000000000ULL,0x0000000000000400ULL,
        0x0000000000000000ULL,0x0000000000000000ULL,0x0000000000000000ULL,0x0000000000000000ULL,};
    const unsigned long long counting_occupieds[] = {
        0x0c20201422024005ULL,0x0000000000000000ULL,0x0000000000000000ULL,};
    const unsigned long long counting_runends[] = {
        0x9101009089020088ULL,0x0000000000000000ULL,0x0000000000000000ULL,};
    const int counting_offsets[] = {0,0,0,};
    const unsigned long long counting_remainders[] = {
        0x51ea300000000000ULL,0x0000000000d47a8fULL,0xf57eafd5f8000000ULL,0x1c8390557aaf55ebULL,
        0x00018430861720e4ULL,0x7a80000001c03807ULL,0x00482905209ea3d4ULL,0xb456800000000000ULL,
        0x0000000000ad15a2ULL,0x4004d59ab3566a80ULL,0xf1be37c69692d25aULL,0x0000000000000000ULL,
        0x0000000000000000ULL,0x0000000000000000ULL,0x0000000000000000ULL,0x0000000000000000ULL,
        0x0000000000000000ULL,0x0000000000000000ULL,0x0000000000000000ULL,0x0000000000000000ULL,
        0x0000000000000000ULL,0x0000000000000000ULL,0x0000000000000000ULL,0x0000000000000000ULL,
        0x0000000000000000ULL,0x0000000000000000ULL,0x0000000000000000ULL,0x0000000000000000ULL,
        0x0000000000000000ULL,0x0000000000000000ULL,0x0000000000000000ULL,0x0000000000000000ULL,
        0x0000000000000000ULL,};
    const unsigned long long counting_hits[] = {
        0x0000000000001fffULL,0x0000000000000000ULL,0x0000000000000000ULL,0x0000000000000000ULL,
        0x0000000000000000ULL,0x0000000000000000ULL,0x0000000000000000ULL,0x0000000000000000ULL,
        0x0000000000000000ULL,0x0000000000000000ULL,0x0000000000000000ULL,0x0000000000000000ULL,
        0x0000000000000000ULL,0x0000000000000000ULL,0x0000000000000000ULL,0x0000000000000000ULL,};

    const long long mixKeys[] = {0, 1, -1, 0x0123456789abcdefLL};
    for (int i = 0; i < 4; i++) check(qf_mix((qf_word) mixKeys[i]) == mixed[i], "fmix64", i);
    for (qf_word w : {0x1ULL, 0x8000000000000000ULL, 0xf0f0f0f0f0f0f0f0ULL, ~0ULL}) {
        int k = 0;
        for (int b = 0; b < 64; b++) {
            if ((w >> b) & 1) check(qf_select(w, k++) == b, "select", b);
        }
    }
    std::vector<long long> setKeys, countingKeys;
    for (int i = 0; i < 150; i++) setKeys.push_back(i);
    for (int i = 0; i < 45; i++) countingKeys.push_back(i % 13);
#define N(a) (sizeof(a) / sizeof((a)[0]))
    buildAndCompare("set", false, 8, 7, setKeys, set_occupieds, set_runends, set_offsets, set_remainders,
                    N(set_remainders), set_hits);
    buildAndCompare("counting", true, 6, 11, countingKeys, counting_occupieds, counting_runends, counting_offsets,
                    counting_remainders, N(counting_remainders), counting_hits);
    if (failures > 0) {
        std::printf("filter host test: %d failures\n", failures);
        return 1;
    }
    std::printf("filter host test: the device code builds and reads the CPU filter's words\n");
    return 0;
}
