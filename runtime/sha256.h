/* sha256.h -- SHA-256 (FIPS 180-4) of a byte string (sha256.c). */
#ifndef WY_SHA256_H
#define WY_SHA256_H

#include <stddef.h>

void wy_sha256(const void *data, size_t len, unsigned char digest[32]);

#endif
