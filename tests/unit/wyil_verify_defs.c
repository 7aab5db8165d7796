/* wyil_verify_defs.c -- unit test of wyil_verify's definition check: a
 * register that an instruction reads must be a parameter or defined by
 * some instruction of its function.  A rewrite that drops the only
 * definition of a value it still reads (scalarize.c did, for a[f] =
 * a[f]) must stop the compiler with an internal error naming the
 * instruction and the register, not print `undef` at run time.
 *
 * A small program is lowered and verified (it must pass); then the
 * definition of a register read by the function's addition is turned
 * into a NOP, and a child process verifies it again: it must stop (an
 * internal error aborts) with a message that says "nothing defines".
 * Run from the repository root (the standard library is ./stdlib).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "lower_text.h"

static const char program[] =
  "import * from whiley.lang.*\n\n"
  "int twice(int x):\n"
  "\ty = x * 2\n"
  "\treturn y + 1\n\n"
  "void ::main(System.Console sys):\n"
  "\tsys.out.println(twice(|sys.args|))\n";

static Func *
find(Module *m, const char *name)
{
  for (int i = 0; i < m->funcs.n; i++) {
    Func *fn = m->funcs.v[i];
    if (!strcmp(fn->name, name)) return fn;
  }
  return NULL;
}

int
main(void)
{
  Program *prog = test_lower_text("verify_defs", program);
  wyil_verify(prog->m);   /* lowering's code is whole */
  Func *fn = find(prog->m, "twice");
  if (!fn) {
    printf("wyil_verify_defs: no function 'twice'\n");
    return 1;
  }
  /* y + 1: drop the definition of the register y lives in */
  int dropped = -1;
  for (int i = 0; i < fn->ncode && dropped < 0; i++) {
    Insn *in = fn->code[i];
    if (in->op != OP_ADD) continue;
    for (int j = 0; j < fn->ncode; j++)
      if (wyil_def_reg(fn->code[j]) == in->args[0]
          && in->args[0] >= fn->nparams) {
        fn->code[j]->op = OP_NOP;
        fn->code[j]->dst = -1;
        fn->code[j]->nargs = 0;
        dropped = in->args[0];
        break;
      }
  }
  if (dropped < 0) {
    printf("wyil_verify_defs: no addition reading a defined register\n");
    return 1;
  }
  fn->cfg = NULL;   /* the code changed */
  int pipefd[2];
  if (pipe(pipefd)) {
    perror("pipe");
    return 1;
  }
  pid_t pid = fork();
  if (pid == 0) {
    dup2(pipefd[1], 2);
    close(pipefd[0]);
    wyil_verify(prog->m);
    _exit(0);   /* not caught */
  }
  close(pipefd[1]);
  char err[1024] = "";
  size_t n = 0;
  ssize_t got;
  while (n < sizeof err - 1
         && (got = read(pipefd[0], err + n, sizeof err - 1 - n)) > 0)
    n += (size_t)got;
  err[n] = 0;
  close(pipefd[0]);
  int st = 0;
  waitpid(pid, &st, 0);
  char want[64];
  snprintf(want, sizeof want, "reads %%%d, which nothing defines", dropped);
  if ((WIFEXITED(st) && WEXITSTATUS(st) == 0) || !strstr(err, want)) {
    printf("wyil_verify_defs: an undefined %%%d was not reported "
           "(status %d, stderr: %s)\n", dropped, st, err);
    return 1;
  }
  return 0;
}
