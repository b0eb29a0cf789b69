// SHA-256 through OpenSSL's low-level SHA256_* calls where the headers still declare them
// (deprecated in OpenSSL 3, present in every 3.x): EVP fetches the algorithm through the
// provider machinery, which costs a widget-side reader about 2.5 MB of resident memory of its
// ~30 MB (measured: a C program hashing 3 bytes peaks at 5.1 MB with EVP, 3.1 MB without).
// Where the deprecated calls are compiled out, EVP it is.
#define OPENSSL_SUPPRESS_DEPRECATED
#include "wt_crypto.h"
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/sha.h>

#if defined(OPENSSL_NO_DEPRECATED_3_0)
struct wt_sha256 { EVP_MD_CTX *md; };

wt_sha256 *wt_sha256_create(void) {
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    if (md == NULL) return NULL;
    if (EVP_DigestInit_ex(md, EVP_sha256(), NULL) != 1) { EVP_MD_CTX_free(md); return NULL; }
    wt_sha256 *ctx = OPENSSL_malloc(sizeof *ctx);
    if (ctx == NULL) { EVP_MD_CTX_free(md); return NULL; }
    ctx->md = md;
    return ctx;
}

int wt_sha256_update(wt_sha256 *ctx, const void *data, size_t length) {
    return EVP_DigestUpdate(ctx->md, data, length) == 1 ? 0 : -1;
}

int wt_sha256_finish(wt_sha256 *ctx, uint8_t digest[32]) {
    unsigned int length = 0;
    return (EVP_DigestFinal_ex(ctx->md, digest, &length) == 1 && length == 32) ? 0 : -1;
}

void wt_sha256_destroy(wt_sha256 *ctx) {
    if (ctx == NULL) return;
    EVP_MD_CTX_free(ctx->md);
    OPENSSL_free(ctx);
}
#else
struct wt_sha256 { SHA256_CTX sha; };

wt_sha256 *wt_sha256_create(void) {
    wt_sha256 *ctx = OPENSSL_malloc(sizeof *ctx);
    if (ctx == NULL) return NULL;
    if (SHA256_Init(&ctx->sha) != 1) { OPENSSL_free(ctx); return NULL; }
    return ctx;
}

int wt_sha256_update(wt_sha256 *ctx, const void *data, size_t length) {
    return SHA256_Update(&ctx->sha, data, length) == 1 ? 0 : -1;
}

int wt_sha256_finish(wt_sha256 *ctx, uint8_t digest[32]) {
    return SHA256_Final(digest, &ctx->sha) == 1 ? 0 : -1;
}

void wt_sha256_destroy(wt_sha256 *ctx) {
    OPENSSL_free(ctx);
}
#endif
