// SHA-256 as FIPS 180-4 specifies it, in plain C, for the platforms without CryptoKit.
//
// It used to come from OpenSSL's libcrypto. Merely loading libcrypto costs a process about
// 1.6 MB of resident memory (its relocations and relocated tables; a C program that links it
// and calls one function: 2.9 MB against 1.2 MB without), more than a tenth of what the
// widget-side reader may use, for one hash of a few hundred kilobytes. This is about 200 MB/s
// optimised, fast enough for thumbnails of at most 500 KB. Tests check it against the FIPS
// 180-4 examples and digests at every block boundary.
#include "wt_crypto.h"
#include <string.h>

typedef struct {
    uint32_t state[8];
    uint64_t length;      // bytes hashed so far
    uint8_t block[64];
    size_t used;          // bytes waiting in `block`
} sha256_context;

static const uint32_t round_constants[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static inline uint32_t rotate_right(uint32_t x, unsigned n) { return (x >> n) | (x << (32 - n)); }

/// One 64-byte block into the state (FIPS 180-4, 6.2.2).
static void compress(uint32_t state[8], const uint8_t *block) {
    uint32_t w[64];
    for (int i = 0; i < 16; i++) {
        w[i] = (uint32_t)block[4 * i] << 24 | (uint32_t)block[4 * i + 1] << 16
             | (uint32_t)block[4 * i + 2] << 8 | (uint32_t)block[4 * i + 3];
    }
    for (int i = 16; i < 64; i++) {
        uint32_t s0 = rotate_right(w[i - 15], 7) ^ rotate_right(w[i - 15], 18) ^ (w[i - 15] >> 3);
        uint32_t s1 = rotate_right(w[i - 2], 17) ^ rotate_right(w[i - 2], 19) ^ (w[i - 2] >> 10);
        w[i] = w[i - 16] + s0 + w[i - 7] + s1;
    }
    uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
    uint32_t e = state[4], f = state[5], g = state[6], h = state[7];
    for (int i = 0; i < 64; i++) {
        uint32_t t1 = h + (rotate_right(e, 6) ^ rotate_right(e, 11) ^ rotate_right(e, 25))
                    + ((e & f) ^ (~e & g)) + round_constants[i] + w[i];
        uint32_t t2 = (rotate_right(a, 2) ^ rotate_right(a, 13) ^ rotate_right(a, 22))
                    + ((a & b) ^ (a & c) ^ (b & c));
        h = g; g = f; f = e; e = d + t1;
        d = c; c = b; b = a; a = t1 + t2;
    }
    state[0] += a; state[1] += b; state[2] += c; state[3] += d;
    state[4] += e; state[5] += f; state[6] += g; state[7] += h;
}

static void sha256_start(sha256_context *ctx) {
    static const uint32_t initial[8] = {
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
    };
    memcpy(ctx->state, initial, sizeof initial);
    ctx->length = 0;
    ctx->used = 0;
}

static void sha256_add(sha256_context *ctx, const uint8_t *data, size_t length) {
    if (length == 0) return;
    ctx->length += length;
    if (ctx->used > 0) {
        size_t take = 64 - ctx->used < length ? 64 - ctx->used : length;
        memcpy(ctx->block + ctx->used, data, take);
        ctx->used += take;
        data += take;
        length -= take;
        if (ctx->used < 64) return;
        compress(ctx->state, ctx->block);
        ctx->used = 0;
    }
    for (; length >= 64; data += 64, length -= 64) compress(ctx->state, data);
    if (length > 0) memcpy(ctx->block, data, length);
    ctx->used = length;
}

/// Padding: 0x80, zeros to 56 bytes modulo 64, the length in bits big-endian (FIPS 180-4, 5.1.1).
static void sha256_finish(sha256_context *ctx, uint8_t digest[32]) {
    uint64_t bits = ctx->length * 8;
    ctx->block[ctx->used++] = 0x80;
    if (ctx->used > 56) {
        memset(ctx->block + ctx->used, 0, 64 - ctx->used);
        compress(ctx->state, ctx->block);
        ctx->used = 0;
    }
    memset(ctx->block + ctx->used, 0, 56 - ctx->used);
    for (int i = 0; i < 8; i++) ctx->block[56 + i] = (uint8_t)(bits >> (56 - 8 * i));
    compress(ctx->state, ctx->block);
    for (int i = 0; i < 8; i++) {
        digest[4 * i] = (uint8_t)(ctx->state[i] >> 24);
        digest[4 * i + 1] = (uint8_t)(ctx->state[i] >> 16);
        digest[4 * i + 2] = (uint8_t)(ctx->state[i] >> 8);
        digest[4 * i + 3] = (uint8_t)ctx->state[i];
    }
}

void wt_sha256(const void *data, size_t length, uint8_t digest[32]) {
    sha256_context ctx;
    sha256_start(&ctx);
    sha256_add(&ctx, (const uint8_t *)data, length);
    sha256_finish(&ctx, digest);
}
