#ifndef WT_CRYPTO_H
#define WT_CRYPTO_H
#include <stddef.h>
#include <stdint.h>

/// SHA-256 (FIPS 180-4) of `length` bytes at `data` (NULL when `length` is 0), written as 32
/// bytes into `digest`. Self-contained: no library is loaded for it (see wt_crypto.c).
void wt_sha256(const void *data, size_t length, uint8_t digest[32]);

#endif
