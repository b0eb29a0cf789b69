#ifndef WT_CRYPTO_H
#define WT_CRYPTO_H
#include <stddef.h>
#include <stdint.h>

/// Incremental SHA-256 over OpenSSL's libcrypto (EVP). Opaque so Swift never sees OpenSSL types.
typedef struct wt_sha256 wt_sha256;

wt_sha256 *wt_sha256_create(void);
/// Returns 0 on success, -1 when libcrypto reports a failure.
int wt_sha256_update(wt_sha256 *ctx, const void *data, size_t length);
/// Writes 32 bytes into `digest`. Returns 0 on success, -1 on failure.
int wt_sha256_finish(wt_sha256 *ctx, uint8_t digest[32]);
void wt_sha256_destroy(wt_sha256 *ctx);

#endif
