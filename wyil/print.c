/* print.c -- WYIL as text: what `wyc --target=wyil` prints and tests
 * diff.  The syntax follows the 2013 thesis dumps (spec §10.2, §10.6);
 * wyil/FORMAT.md documents it. */
#include <string.h>

#include "wyil.h"

static void
print_args(StrBuf *sb, Insn *in, int from, int to)
{
  sb_putc(sb, '(');
  for (int i = from; i < to; i++)
    sb_printf(sb, "%s%%%d", i > from ? ", " : "", in->args[i]);
  sb_putc(sb, ')');
}

static void
print_callee(StrBuf *sb, Func *fn)
{
  sb_printf(sb, " %s:%s : ", fn->module, fn->name);
  ty_print(sb, fn->type);
}

static void
print_update(StrBuf *sb, Insn *in)
{
  int k = 0;
  sb_printf(sb, " %%%d", in->dst);
  for (int i = 0; i < in->nsteps; i++) {
    UpdStep *st = &in->steps[i];
    if (st->kind == UPD_INDEX) sb_printf(sb, "[%%%d]", in->args[k++]);
    else if (st->kind == UPD_FIELD) sb_printf(sb, ".%s", st->field);
    else sb_puts(sb, "(*)");
  }
  sb_printf(sb, " %%%d", in->args[in->nargs - 1]);
}

/* Registers written inside the loop opened at code[i] (its "modified"
 * set, as the 2013 dumps list it). */
static void
print_modified(StrBuf *sb, Func *fn, int i)
{
  int end = wyil_loop_end(fn, i), n = 0;
  unsigned char *seen = wyil_alloc((size_t)fn->nregs + 1);
  for (int k = i + 1; k < end; k++) {
    Insn *in = fn->code[k];
    int r = (wyil_op_flags[in->op] & F_DEF) ? in->dst : -1;
    if (in->op == OP_UPDATE) r = in->dst;
    if (r >= 0 && !seen[r]) seen[r] = 1;
  }
  sb_puts(sb, " (");
  for (int r = 0; r < fn->nregs; r++)
    if (seen[r]) sb_printf(sb, "%s%%%d", n++ ? ", " : "", r);
  sb_putc(sb, ')');
}

static void
print_insn(StrBuf *sb, Func *fn, int idx)
{
  Insn *in = fn->code[idx];
  const char *name = wyil_op_name[in->op];
  bool typed = true;
  switch (in->op) {
  case OP_NOP: case OP_END: case OP_TRYEND:
    sb_puts(sb, name);
    typed = false;
    break;
  case OP_LABEL:
    sb_printf(sb, ".blklab%d", in->label);
    typed = false;
    break;
  case OP_GOTO:
    sb_printf(sb, "goto blklab%d", in->label);
    typed = false;
    break;
  case OP_CONST:
    sb_printf(sb, "const %%%d = ", in->dst);
    const_print(sb, in->cst);
    break;
  case OP_CONVERT:
    sb_printf(sb, "convert %%%d = %%%d ", in->dst, in->args[0]);
    ty_print(sb, in->type2);
    break;
  case OP_FIELDLOAD:
    sb_printf(sb, "fieldload %%%d = %%%d %s", in->dst, in->args[0], in->name);
    break;
  case OP_TUPLELOAD:
    sb_printf(sb, "tupleload %%%d = %%%d %d", in->dst, in->args[0], in->imm);
    break;
  case OP_NEWLIST: case OP_NEWSET: case OP_NEWMAP: case OP_NEWTUPLE:
  case OP_NEWRECORD:
    sb_printf(sb, "%s %%%d = ", name, in->dst);
    print_args(sb, in, 0, in->nargs);
    break;
  case OP_UPDATE:
    sb_puts(sb, name);
    print_update(sb, in);
    break;
  case OP_IF:
    sb_printf(sb, "if%s %%%d, %%%d goto blklab%d", wyil_cmp_name[in->cmp],
              in->args[0], in->args[1], in->label);
    break;
  case OP_IFIS:
    sb_printf(sb, "ifis %%%d, ", in->args[0]);
    ty_print(sb, in->type2);
    sb_printf(sb, " goto blklab%d", in->label);
    break;
  case OP_ASSERT:
    sb_printf(sb, "assert%s %%%d, %%%d \"%s\"", wyil_cmp_name[in->cmp],
              in->args[0], in->args[1], in->name);
    break;
  case OP_FAIL:
    sb_printf(sb, "fail \"%s\"", in->name);
    typed = false;
    break;
  case OP_SWITCH:
    sb_printf(sb, "switch %%%d", in->args[0]);
    for (int i = 0; i < in->ncases; i++) {
      sb_putc(sb, ' ');
      const_print(sb, in->cases[i].value);
      sb_printf(sb, "->blklab%d,", in->cases[i].label);
    }
    sb_printf(sb, " *->blklab%d", in->label);
    typed = false;
    break;
  case OP_LOOP:
    sb_puts(sb, "loop");
    print_modified(sb, fn, idx);
    typed = false;
    break;
  case OP_FORALL:
    sb_printf(sb, "forall %%%d in %%%d", in->dst, in->args[0]);
    print_modified(sb, fn, idx);
    break;
  case OP_INVOKE:
    sb_puts(sb, "invoke ");
    if (in->dst >= 0) sb_printf(sb, "%%%d = ", in->dst);
    print_args(sb, in, 0, in->nargs);
    print_callee(sb, in->callee);
    typed = false;
    break;
  case OP_LAMBDA:
    sb_printf(sb, "lambda %%%d = ", in->dst);
    print_args(sb, in, 0, in->nargs);
    print_callee(sb, in->callee);
    typed = false;
    break;
  case OP_INDIRECT:
    sb_puts(sb, "indirectinvoke ");
    if (in->dst >= 0) sb_printf(sb, "%%%d = ", in->dst);
    sb_printf(sb, "%%%d ", in->args[0]);
    print_args(sb, in, 1, in->nargs);
    break;
  case OP_RETURN:
    sb_puts(sb, "return");
    if (in->nargs) sb_printf(sb, " %%%d", in->args[0]);
    else typed = false;
    break;
  case OP_TRY:
    sb_printf(sb, "trycatch %%%d blklab%d", in->dst, in->label);
    typed = false;
    break;
  case OP_OFFLOAD:
    sb_printf(sb, "offload %s ", in->callee->name);
    print_args(sb, in, 0, in->nargs);
    sb_printf(sb, " blklab%d", in->label);
    typed = false;
    break;
  default:
    /* the regular shape: name [%dst =] %a, %b */
    sb_puts(sb, name);
    if (in->dst >= 0) sb_printf(sb, " %%%d =", in->dst);
    for (int i = 0; i < in->nargs; i++)
      sb_printf(sb, "%s %%%d", i ? "," : "", in->args[i]);
    break;
  }
  if (typed && in->type) {
    sb_puts(sb, " : ");
    ty_print(sb, in->type);
  }
}

void
wyil_print_insn(StrBuf *sb, Insn *in)
{
  /* a one-instruction view: loops print without their modified set */
  Func one = {.code = &in, .ncode = 1, .nregs = 0};
  if (in->op == OP_LOOP || in->op == OP_FORALL) {
    if (in->op == OP_LOOP) sb_puts(sb, "loop");
    else sb_printf(sb, "forall %%%d in %%%d", in->dst, in->args[0]);
    return;
  }
  print_insn(sb, &one, 0);
}

/* ORDER KArgKind */
/* ORDER KArgKind */
static const char *const karg_mode[] = {"scalar", "in", "out", "inout",
                                        "reduce"};
/* ORDER KRedOp */
static const char *const kred_op[] = {"?", "+", "*", "&&", "||", "min",
                                      "max"};

/* `kernel NAME(PARAMS) ND (%v...)`: each parameter with its transfer
 * (a list written whole gets its window), the NDRange's loop variables
 * from dimension 0 up. */
static void
print_kernel_head(StrBuf *sb, Func *fn)
{
  Kernel *k = fn->kernel;
  sb_printf(sb, "kernel %s(", fn->name);
  for (int p = 0; p < fn->nparams; p++) {
    sb_printf(sb, "%s", p ? ", " : "");
    ty_print(sb, fn->type->elems[p]);
    if (p >= k->nargs) {
      sb_puts(sb, " bound");
      continue;
    }
    KernelArg *ka = &k->args[p];
    sb_printf(sb, " %s", karg_mode[ka->kind]);
    if (ka->kind == KA_REDUCE && k->red_op)
      sb_printf(sb, " %s", kred_op[k->red_op[p]]);
    for (int l = 0; ka->kind == KA_LIST_OUT && l < ka->depth; l++)
      sb_printf(sb, "%s%d", l ? "," : " window ", ka->win[l]);
  }
  sb_printf(sb, ") %d-D (", k->ndims);
  for (int d = 0; d < k->ndims; d++)
    sb_printf(sb, "%s%%%d", d ? ", " : "", k->loopvar[d]);
  sb_puts(sb, "):\n");
}

void
wyil_print_func(FILE *out, Func *fn)
{
  StrBuf sb = {0};
  Type *t = fn->type;
  if (fn->is_public) sb_puts(&sb, "public ");
  if (fn->is_native) sb_puts(&sb, "native ");
  if (fn->kernel) {
    print_kernel_head(&sb, fn);
  } else {
    ty_print(&sb, t->ret);
    sb_printf(&sb, " %s%s(", fn->is_method ? "::" : "", fn->name);
    for (int i = 0; i < t->n; i++) {
      if (i) sb_puts(&sb, ", ");
      ty_print(&sb, t->elems[i]);
    }
    sb_puts(&sb, "):\n");
  }
  if (!fn->is_native) sb_puts(&sb, "body:\n");
  int depth = 1;
  for (int i = 0; i < fn->ncode; i++) {
    Insn *in = fn->code[i];
    if (in->op == OP_END) {
      depth--;
      continue;
    }
    int ind = in->op == OP_LABEL ? depth - 1 : depth;
    for (int k = 0; k < ind; k++) sb_puts(&sb, "    ");
    print_insn(&sb, fn, i);
    sb_putc(&sb, '\n');
    if (in->op == OP_LOOP || in->op == OP_FORALL) depth++;
  }
  sb_putc(&sb, '\n');
  fputs(sb.s, out);
  sb_free(&sb);
}

void
wyil_print_module(FILE *out, Module *m)
{
  fprintf(out, "source-file: %s\n\n", m->file);
  for (int i = 0; i < m->typedefs.n; i++) {
    TypeDef *td = m->typedefs.v[i];
    if (strcmp(td->module, m->name)) continue;
    fprintf(out, "type %s : %s\n\n", td->name, ty_str(td->type));
  }
  for (int i = 0; i < m->funcs.n; i++) {
    Func *fn = m->funcs.v[i];
    if (!strcmp(fn->module, m->name)) wyil_print_func(out, fn);
  }
}
