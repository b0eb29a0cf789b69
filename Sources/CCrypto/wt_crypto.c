#include "wt_crypto.h"
#include <openssl/evp.h>

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
