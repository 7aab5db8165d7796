/* lower_text.h -- for the compiler's unit tests: a program given as
 * text, written to a scratch file, resolved and lowered to WYIL (the
 * standard library is ./stdlib: run from the repository root).  Exits
 * the test with status 1 when the file cannot be written. */
#ifndef WYC_TEST_LOWER_TEXT_H
#define WYC_TEST_LOWER_TEXT_H

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "../../compiler/compiler.h"

static inline Program *
test_lower_text(const char *tag, const char *text)
{
  /* static: the program's positions keep pointing at its file name */
  static char path[96];
  snprintf(path, sizeof path, "/tmp/%s.%d.whiley", tag, (int)getpid());
  FILE *src = fopen(path, "w");
  if (!src || fputs(text, src) < 0 || fclose(src)) {
    perror(path);
    exit(1);
  }
  Program *prog = resolve_program(path, "stdlib");
  lower_program(prog);
  unlink(path);
  return prog;
}

#endif
