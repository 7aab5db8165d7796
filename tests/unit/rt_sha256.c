/* rt_sha256.c -- SHA-256 against the examples of FIPS 180-4 and the
 * NIST vectors (the empty string, one million 'a's), and strings of
 * 'a's whose padding ends the block exactly, spills into a second block
 * (55, 56, 63, 64 bytes). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sha256.h"

static int failures;

static void
check_hex(const char *expected, const void *data, size_t len,
          const char *what)
{
  unsigned char d[32];
  char hex[65];
  wy_sha256(data, len, d);
  for (int i = 0; i < 32; i++) sprintf(hex + 2 * i, "%02x", d[i]);
  if (strcmp(hex, expected) != 0) {
    printf("sha256(%s) = %s, expected %s\n", what, hex, expected);
    failures++;
  }
}

int
main(void)
{
  check_hex("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
            "abc", 3, "abc");
  check_hex("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
            "", 0, "empty");
  const char *two = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
  check_hex("248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
            two, strlen(two), "the two-block example");
  const char *four = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
                     "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";
  check_hex("cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
            four, strlen(four), "the 896-bit example");
  char *million = malloc(1000000);
  if (!million) return 1;
  memset(million, 'a', 1000000);
  check_hex("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
            million, 1000000, "a million a's");
  /* lengths 55, 56 (padding spills into a second block), 63, 64, 119 */
  check_hex("9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318",
            million, 55, "55 a's");
  check_hex("b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a",
            million, 56, "56 a's");
  check_hex("7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34",
            million, 63, "63 a's");
  check_hex("ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb",
            million, 64, "64 a's");
  free(million);
  if (failures) return 1;
  printf("OK rt_sha256\n");
  return 0;
}
