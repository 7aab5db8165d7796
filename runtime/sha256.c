/* sha256.c -- SHA-256 (FIPS 180-4), for the kernel binary cache.
 *
 * Input: a byte string.  Output: its 32-byte digest.  Written from the
 * standard's description (section 6.2); tests/unit/rt_sha256.c checks it
 * against the standard's examples.  Not constant-time: the cache uses it
 * to notice corruption, not to keep secrets.
 */
#include <stdint.h>
#include <string.h>

#include "sha256.h"

/* The first 32 bits of the fractional parts of the cube roots of the
 * first 64 primes (FIPS 180-4 section 4.2.2). */
static const uint32_t round_k[64] = {
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1,
  0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3,
  0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
  0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
  0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
  0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static uint32_t
rotr(uint32_t x, int n)
{
  return (x >> n) | (x << (32 - n));
}

/* One 64-byte block into the hash state h. */
static void
compress(uint32_t h[8], const unsigned char *block)
{
  uint32_t w[64], v[8];
  for (int t = 0; t < 16; t++)
    w[t] = (uint32_t)block[4 * t] << 24 | (uint32_t)block[4 * t + 1] << 16
           | (uint32_t)block[4 * t + 2] << 8 | (uint32_t)block[4 * t + 3];
  for (int t = 16; t < 64; t++) {
    uint32_t s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ w[t - 15] >> 3;
    uint32_t s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ w[t - 2] >> 10;
    w[t] = w[t - 16] + s0 + w[t - 7] + s1;
  }
  memcpy(v, h, sizeof v);
  for (int t = 0; t < 64; t++) {
    uint32_t e = v[4], a = v[0];
    uint32_t t1 = v[7] + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25))
                  + ((e & v[5]) ^ (~e & v[6])) + round_k[t] + w[t];
    uint32_t t2 = (rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22))
                  + ((a & v[1]) ^ (a & v[2]) ^ (v[1] & v[2]));
    memmove(v + 1, v, 7 * sizeof *v);
    v[4] += t1;
    v[0] = t1 + t2;
  }
  for (int i = 0; i < 8; i++) h[i] += v[i];
}

void
wy_sha256(const void *data, size_t len, unsigned char digest[32])
{
  /* the first 32 bits of the fractional parts of the square roots of
   * the first 8 primes (section 5.3.3) */
  uint32_t h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                   0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  const unsigned char *p = data;
  unsigned char tail[128] = {0};
  size_t rest = len % 64, ntail = rest + 9 <= 64 ? 64 : 128;
  uint64_t bits = (uint64_t)len * 8;
  for (size_t i = 0; i + 64 <= len; i += 64) compress(h, p + i);
  /* padding: the last bytes, a 1 bit, zeros, the length in bits */
  memcpy(tail, p + (len - rest), rest);
  tail[rest] = 0x80;
  for (int i = 0; i < 8; i++)
    tail[ntail - 1 - i] = (unsigned char)(bits >> (8 * i));
  compress(h, tail);
  if (ntail == 128) compress(h, tail + 64);
  for (int i = 0; i < 8; i++) {
    digest[4 * i] = (unsigned char)(h[i] >> 24);
    digest[4 * i + 1] = (unsigned char)(h[i] >> 16);
    digest[4 * i + 2] = (unsigned char)(h[i] >> 8);
    digest[4 * i + 3] = (unsigned char)h[i];
  }
}
