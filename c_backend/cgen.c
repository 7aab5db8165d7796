/* cgen.c -- the C back end's driver: WYIL Module in, one C file out
 * (or, for a large program, several translation units: cgen_units.c).
 *
 * cgen_module emits the Funcs main reaches (callees, function values,
 * `where` constraints; without a main every Func of the module) as
 * static C functions, then main().  A module with a function of more
 * than CGEN_HUGE_FUNC instructions left in it (its straight code is cut
 * in parts where it can be, cgen_outline.c) asks gcc for no points-to
 * analysis and no inlining (their cost grows faster than the function).
 * Bodies are generated into a buffer first, so that the static data
 * they need (cgen_types.c, cgen_const.c) can be written above them;
 * cgen_module_units writes each body to its unit as it is made instead,
 * with external linkage (g->link).  What printing one function makes
 * lives in the function's arena (cgen_func_arena), the tables that
 * outlive it in the compilation arena.  This file also holds the
 * function frame: register declarations, parameter ownership, the
 * shared epilogue, and calls (direct, native, trampolines).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../wyil/wyil.h"
#include "cgen_internal.h"

/* Instructions of the longest function above which the C file asks gcc
 * for fewer optimizations (cgen_module). */
#define CGEN_HUGE_FUNC 5000

/* ---------------------------------------------------------------- */
/* String-keyed tables                                                */

static uint32_t
hash_str(const char *s)
{
  uint32_t h = 2166136261u;
  for (; *s; s++) h = (h ^ (unsigned char)*s) * 16777619u;
  return h;
}

int
cgen_intern_get(Intern *t, const char *key)
{
  if (!t->cap) return -1;
  uint32_t mask = (uint32_t)t->cap - 1;
  for (uint32_t h = hash_str(key) & mask; t->keys[h]; h = (h + 1) & mask)
    if (!strcmp(t->keys[h], key)) return t->vals[h];
  return -1;
}

static void
intern_insert(Intern *t, const char *key, int val)
{
  uint32_t mask = (uint32_t)t->cap - 1, h = hash_str(key) & mask;
  for (; t->keys[h]; h = (h + 1) & mask)
    if (!strcmp(t->keys[h], key)) {
      t->vals[h] = val;
      return;
    }
  t->keys[h] = key;
  t->vals[h] = val;
  t->n++;
}

/* The slots are on the heap, freed as the table grows (cgen_intern_free
 * at the end); the keys in the compilation arena. */
void
cgen_intern_put(Intern *t, const char *key, int val)
{
  if ((t->n + 1) * 2 > t->cap) {
    Intern old = *t;
    t->cap = t->cap ? t->cap * 2 : 64;
    t->n = 0;
    t->keys = calloc((size_t)t->cap, sizeof(char *));
    t->vals = calloc((size_t)t->cap, sizeof(int));
    if (!t->keys || !t->vals) internal_error("cgen: out of memory");
    for (int i = 0; i < old.cap; i++)
      if (old.keys[i]) intern_insert(t, old.keys[i], old.vals[i]);
    cgen_intern_free(&old);
  }
  WyArena *was = wyil_arena_use(NULL);   /* the keys outlive a function */
  intern_insert(t, wyil_strdup(key), val);
  wyil_arena_use(was);
}

void
cgen_intern_free(Intern *t)
{
  free(t->keys);
  free(t->vals);
  *t = (Intern){0};
}

/* ---------------------------------------------------------------- */
/* Emitting text                                                      */

void
cgen_emit(Gen *g, const char *fmt, ...)
{
  StrBuf *sb = g->out;
  for (int i = 0; i < g->indent; i++) sb_puts(sb, "  ");
  va_list ap;
  va_start(ap, fmt);
  char *line = NULL;
  if (vasprintf(&line, fmt, ap) < 0) internal_error("cgen: out of memory");
  va_end(ap);
  sb_puts(sb, line);
  sb_putc(sb, '\n');
  free(line);
}

/* The WYIL text of an instruction as a C comment: no comment closer,
 * no trigraph, no control characters. */
void
cgen_emit_comment(Gen *g, int i)
{
  const Func *f = g->shown && i < g->shown->ncode ? g->shown : g->fn;
  Insn *in = f->code[i];
  StrBuf text = {0};
  wyil_print_insn(&text, in);
  StrBuf clean = {0};
  for (size_t i = 0; i < text.len; i++) {
    char c = text.s[i];
    if ((unsigned char)c < 32) c = '.';
    sb_putc(&clean, c);
    if ((c == '*' || c == '?') && i + 1 < text.len
        && (text.s[i + 1] == '/' || text.s[i + 1] == '?'))
      sb_putc(&clean, ' ');
  }
  cgen_emit(g, "/* %s */", clean.s ? clean.s : "");
  sb_free(&text);
  sb_free(&clean);
}

/* ---------------------------------------------------------------- */
/* Functions and calls                                                */

/* The last component of a module path: "whiley/lang/Math" -> "Math". */
static const char *
module_base(const char *module)
{
  const char *base = module;
  for (const char *p = module; *p; p++)
    if (*p == '/' || *p == '.') base = p + 1;
  return base;
}

static bool
is_lang(Func *fn, const char *module, const char *name)
{
  return fn->is_native && !strcmp(module_base(fn->module), module)
         && !strncmp(fn->module, "whiley", 6) && !strcmp(fn->name, name);
}

/* Natives with their own translation instead of wy_lib_*. */
static bool
is_special_native(Func *fn)
{
  return is_lang(fn, "System", "print") || is_lang(fn, "System", "println")
         || is_lang(fn, "Any", "toString");
}

static bool
is_c_ident(const char *s)
{
  if (!s || !*s || (*s >= '0' && *s <= '9')) return false;
  for (; *s; s++)
    if (!(*s == '_' || (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z')
          || (*s >= '0' && *s <= '9')))
      return false;
  return true;
}

const char *
cgen_func_cname(Func *fn)
{
  if (fn->is_native && !is_special_native(fn))
    return wyil_fmt("wy_lib_%s_%s", module_base(fn->module), fn->name);
  if (fn->cname) return fn->cname;
  /* made up (hand-built modules): name plus address for uniqueness */
  const char *name = is_c_ident(fn->name) ? fn->name : "f";
  fn->cname = wyil_fmt("wyc_f_%s_%lx", name,
                       (unsigned long)((uintptr_t)fn >> 4 & 0xffffff));
  return fn->cname;
}

/* "wyv, wyv" or "void": the C parameter list of n wyv parameters. */
static void
emit_params(StrBuf *sb, int n, bool named)
{
  if (n == 0) sb_puts(sb, "void");
  for (int i = 0; i < n; i++)
    sb_printf(sb, named ? "%swyv p%d" : "%swyv", i ? ", " : "", i);
}

void
cgen_need_func(Gen *g, Func *fn)
{
  const char *key = wyil_fmt("%p", (void *)fn);
  if (cgen_intern_get(&g->func_tab, key) >= 0) return;
  cgen_intern_put(&g->func_tab, key, 1);
  if (is_special_native(fn)) return;
  WyArena *was = wyil_arena_use(NULL);   /* (cgen_func_cname's too) */
  const char *name = cgen_func_cname(fn);
  if (!fn->is_native) vec_push(&g->todo, fn);
  wyil_arena_use(was);
  if (fn->is_native) {
    if (cgen_intern_get(&g->native_tab, name) >= 0) return;
    cgen_intern_put(&g->native_tab, name, 1);
    sb_printf(&g->protos, "wyv %s(", name);
    emit_params(&g->protos, fn->nparams, false);
    sb_puts(&g->protos, ");\n");
    return;
  }
  if (g->units) return;   /* declared where called (cgen_units.c) */
  sb_printf(&g->protos, "static wyv %s(", name);
  emit_params(&g->protos, fn->nparams, false);
  sb_puts(&g->protos, ") __attribute__((unused));\n");
}

/* The type of the last parameter of fn: print(any) or print(string). */
static Type *
last_param(Func *fn)
{
  Type *t = fn->type;
  if (!t || (t->kind != TY_FUNC && t->kind != TY_METHOD) || t->n == 0)
    return ty_any;
  return t->elems[t->n - 1];
}

const char *
cgen_call_expr(Gen *g, Func *callee, const char **args, int nargs)
{
  cgen_need_func(g, callee);
  if (is_special_native(callee)) {
    const char *x = nargs ? args[nargs - 1] : "WY_NULL";
    if (!strcmp(callee->name, "toString"))
      return wyil_fmt("wy_to_string(%s)", x);
    bool str = ty_is(last_param(callee), TY_STRING);
    bool nl = !strcmp(callee->name, "println");
    return wyil_fmt("(%s(%s), %sWY_NULL)",
                    str ? "wy_print_str" : "wy_print_any", x,
                    nl ? "wy_print_newline(), " : "");
  }
  if (g->units && !callee->is_native) cgen_units_declare(&g->decls, callee);
  StrBuf sb = {0};
  sb_printf(&sb, "%s(", cgen_func_cname(callee));
  for (int i = 0; i < nargs; i++)
    sb_printf(&sb, "%s%s", i ? ", " : "", args[i]);
  sb_putc(&sb, ')');
  const char *s = wyil_strdup(sb.s);
  sb_free(&sb);
  return s;
}

const char *
cgen_call_stmt(Gen *g, Func *callee, const char **args, int nargs)
{
  if (is_special_native(callee) && strcmp(callee->name, "toString")) {
    cgen_need_func(g, callee);
    const char *x = nargs ? args[nargs - 1] : "WY_NULL";
    bool str = ty_is(last_param(callee), TY_STRING);
    return wyil_fmt("%s(%s);%s", str ? "wy_print_str" : "wy_print_any", x,
                    strcmp(callee->name, "println") ? ""
                    : " wy_print_newline();");
  }
  return wyil_fmt("wy_decref(%s);", cgen_call_expr(g, callee, args, nargs));
}

const char *
cgen_tramp_name(Gen *g, Func *fn)
{
  const char *key = cgen_func_cname(fn);
  if (is_special_native(fn)) key = wyil_fmt("%s_%s", fn->module, fn->name);
  int id = cgen_intern_get(&g->tramp_tab, key);
  if (id >= 0) return wyil_fmt("wyc_tramp_%d", id);
  id = g->tramp_tab.n;
  cgen_intern_put(&g->tramp_tab, key, id);
  const char *name = wyil_fmt("wyc_tramp_%d", id);
  int n = fn->nparams;
  const char **args = wyil_alloc(sizeof(char *) * (size_t)(n + 1));
  for (int i = 0; i < n; i++) args[i] = wyil_fmt("a[%d]", i);
  sb_printf(&g->tramps, "/* %s:%s */\n%swyv\n%s(const wyv *a)\n{\n",
            fn->module, fn->name, g->link, name);
  if (g->units) {
    sb_printf(&g->externs, "wyv %s(const wyv *a);\n", name);
    if (!fn->is_native) cgen_units_declare(&g->data_decls, fn);
  }
  if (n == 0) sb_puts(&g->tramps, "  (void)a;\n");
  sb_printf(&g->tramps, "  return %s;\n}\n\n", cgen_call_expr(g, fn, args, n));
  return name;
}

/* ---------------------------------------------------------------- */
/* One function                                                       */

/* Declarations "wyv NAME = WY_UNDEF;" for a run of registers, several
 * to a line. */
static void
emit_reg_decls(Gen *g, const char *vol)
{
  StrBuf line = {0};
  /* doubles and plain stores leave registers unread (cgen_unbox.c) */
  const char *attr = g->dbl || g->imm ? "__attribute__((unused)) " : "";
  for (int r = 0; r < g->fn->nregs; r++) {
    if (!line.len) sb_printf(&line, "%s%swyv ", attr, vol);
    else sb_puts(&line, ", ");
    sb_printf(&line, "r%d = WY_UNDEF", r);
    if (line.len > 60 || r == g->fn->nregs - 1) {
      cgen_emit(g, "%s;", line.s);
      line.len = 0;
      line.s[0] = 0;
    }
  }
  sb_free(&line);
}

/* Does the function throw outside its own try regions? */
static bool
throws_out(Gen *g)
{
  for (int i = 0; i < g->fn->ncode; i++)
    if (g->fn->code[i]->op == OP_THROW && g->fl->try_in[i] == -1) return true;
  return false;
}

static void
emit_frame_decls(Gen *g, const char *vol)
{
  Func *fn = g->fn;
  emit_reg_decls(g, vol);
  for (int i = 0; i < fn->ncode; i++) {
    Insn *in = fn->code[i];
    if (in->op == OP_FORALL) {
      cgen_emit(g, "%swyv wyc_c%d = WY_UNDEF;", vol, i);
      cgen_emit(g, "%sint64_t wyc_i%d = 0, wyc_n%d = 0;", vol, i, i);
      if (g->fl->range_of[i] >= 0)
        cgen_emit(g, "%sint64_t wyc_s%d = 1;", vol, i);
    } else if (in->op == OP_TRY) {
      cgen_emit(g, "WyHandler wyc_h%d;", i);
    }
  }
  cgen_chain_decls(g, vol);
  cgen_emit(g, "%swyv wyc_rv = WY_NULL;", vol);
  if (throws_out(g)) cgen_emit(g, "%swyv wyc_tv = WY_UNDEF;", vol);
  for (int r = 0; r < fn->nparams && r < fn->nregs; r++)
    cgen_emit(g, "r%d = p%d; wy_incref(r%d);", r, r, r);
}

/* May register r hold a reference-counted object?  Not when every
 * instruction writing it loads an immediate constant: the temporaries
 * of an `if x == 1 ... else if x == 2 ...` chain are, and releasing
 * thousands of them at the exit kept them all live to the end, which
 * made the C compiler take minutes over one such function. */
static bool *
object_regs(Gen *g, Func *fn)
{
  bool *obj = wyil_alloc(sizeof(bool) * (size_t)(fn->nregs + 1));
  for (int r = 0; r < fn->nparams && r < fn->nregs; r++) obj[r] = true;
  for (int i = 0; i < fn->ncode; i++) {
    Insn *in = fn->code[i];
    int d = wyil_def_reg(in);
    if (d >= 0 && !(in->op == OP_CONST && cgen_const_is_imm(g, in->cst)))
      obj[d] = true;
    if (in->op == OP_OFFLOAD)  /* the kernel may write its registers */
      for (int k = 0; k < in->nargs; k++) obj[in->args[k]] = true;
  }
  return obj;
}

/* Drop every register and loop snapshot of the frame. */
static void
emit_release_frame(Gen *g)
{
  Func *fn = g->fn;
  StrBuf line = {0};
  bool *obj = object_regs(g, fn);
  for (int r = 0; r < fn->nregs; r++) {
    if (obj[r] && !(g->imm && g->imm[r]))
      sb_printf(&line, "%swy_decref(r%d);", line.len ? " " : "", r);
    if (line.len > 60 || (line.len && r == fn->nregs - 1)) {
      cgen_emit(g, "%s", line.s);
      line.len = 0;
      line.s[0] = 0;
    }
  }
  sb_free(&line);
  for (int i = 0; i < fn->ncode; i++)
    if (fn->code[i]->op == OP_FORALL) cgen_emit(g, "wy_decref(wyc_c%d);", i);
  cgen_chain_release(g);
  cgen_rows_release(g);
}

static void
emit_epilogue(Gen *g)
{
  if (g->used_ret) sb_puts(g->out, "wyc_ret:;\n");
  emit_release_frame(g);
  cgen_emit(g, "wy_leave();");
  cgen_emit(g, "return wyc_rv;");
  if (!g->used_throw) return;
  sb_puts(g->out, "wyc_throw:;\n");
  emit_release_frame(g);
  /* wy_throw borrows: the frame's reference parks in wyc_thrown (until
   * the next throw or the exit) instead of leaking */
  if (!g->thrown_global) {
    sb_printf(&g->consts, "/* the last value thrown out of a function */\n"
              "%swyv wyc_thrown;\n\n", g->link);
    if (g->units) sb_puts(&g->externs, "extern wyv wyc_thrown;\n");
  }
  g->thrown_global = true;
  cgen_emit(g, "wy_set(&wyc_thrown, wyc_tv);");
  cgen_emit(g, "wy_throw(wyc_thrown);");
}

/* Returns the most instructions in one C function it wrote. */
static int
emit_func(Gen *g, Func *orig)
{
  /* what is made to print it lives while it is printed: the tables that
   * outlive it (cgen_intern_put, g->todo) are in the compilation arena */
  WyArena *was = wyil_arena_use(cgen_func_arena());
  /* a copy where temporaries share registers (the comments show the
   * instructions as the module has them) */
  Func *shown;
  Func *fn = cgen_share_slots(orig, g->m->real_mode != WYIL_REAL_EXACT,
                              &shown);
  g->fn = fn;
  g->shown = shown;
  g->fl = cgen_flow_new(fn);
  cgen_chain_scan(g);
  cgen_unbox_scan(g);
  cgen_borrow_scan(g);
  cgen_bounds_scan(g);
  cgen_rows_scan(g);
  cgen_defer_scan(g);
  g->out = &g->body;
  g->fast = -1;
  g->resume = -1;
  g->set = g->fl->has_try ? "wyc_vset" : "wy_set";
  g->used_ret = false;
  g->used_throw = false;
  const char *vol = g->fl->has_try ? "volatile " : "";
  /* a function with a loop in two copies is not inlined: gcc inlines a
   * static function called once into its caller (main, often large),
   * whose register allocation then doubled the time of such a loop */
  sb_printf(g->out, "/* %s:%s */\n%s%swyv\n%s(", fn->module, fn->name,
            g->link,
            cgen_any_versioned(g) ? "__attribute__((noinline)) " : "",
            cgen_func_cname(fn));
  emit_params(g->out, fn->nparams, true);
  sb_puts(g->out, ")\n{\n");
  g->indent = 1;
  emit_frame_decls(g, vol);
  cgen_unbox_decls(g, vol);
  cgen_bounds_decls(g);
  cgen_rows_decls(g);
  cgen_defer_decls(g);
  /* the stack-depth guard (wyrt.h): wy_leave on the way out */
  cgen_emit(g, "wy_enter(%s);", cgen_pos_ref(g, fn->pos));
  int longest = cgen_outline_code(g);
  g->indent = 1;
  emit_epilogue(g);
  sb_puts(g->out, "}\n\n");
  if (g->units) {
    cgen_units_put(g, &g->body, &g->decls, longest);
  } else if (g->outlined.len) {
    sb_puts(g->out, g->outlined.s);
    g->outlined.len = 0;
    g->outlined.s[0] = 0;
  }
  wyil_arena_use(was);
  cgen_flow_free(g->fl);
  g->fl = NULL;
  return longest;
}

/* ---------------------------------------------------------------- */
/* The module                                                         */

/* Helpers the generated code calls; static inline, so unused ones cost
 * nothing and draw no warning. */
static const char prelude[] =
  "/* wy_set for the volatile registers of functions with a try */\n"
  "static inline void\n"
  "wyc_vset(volatile wyv *slot, wyv nv)\n"
  "{\n"
  "  wyv old = *slot;\n"
  "  *slot = nv;\n"
  "  wy_decref(old);\n"
  "}\n\n"
  "static inline wyv\n"
  "wyc_own(wyv v)\n"
  "{\n"
  "  wy_incref(v);\n"
  "  return v;\n"
  "}\n\n"
  "/* int / and % with fast paths for small operands (truncating, the\n"
  " * remainder has the dividend's sign, as C's) */\n"
  "static inline wyv\n"
  "wyc_int_div(wyv a, wyv b, const WyPos *pos)\n"
  "{\n"
  "  if ((a & b & 1u) && b != wy_small(0)) {\n"
  "    int64_t q = wy_small_val(a) / wy_small_val(b);\n"
  "    if (wy_fits_small(q)) return wy_small(q);\n"
  "  }\n"
  "  return wy_int_div(a, b, pos);\n"
  "}\n\n"
  "static inline wyv\n"
  "wyc_int_rem(wyv a, wyv b, const WyPos *pos)\n"
  "{\n"
  "  if ((a & b & 1u) && b != wy_small(0))\n"
  "    return wy_small(wy_small_val(a) % wy_small_val(b));\n"
  "  return wy_int_rem(a, b, pos);\n"
  "}\n\n"
  "static inline wyv\n"
  "wyc_int_neg(wyv a)\n"
  "{\n"
  "  if ((a & 1u) && a != wy_small(WY_SMALL_MIN))\n"
  "    return wy_small(-wy_small_val(a));\n"
  "  return wy_int_neg(a);\n"
  "}\n\n"
  "static inline bool\n"
  "wyc_int_eq(wyv a, wyv b)\n"
  "{\n"
  "  return a == b || (!(a & b & 1u) && wy_equals(a, b));\n"
  "}\n\n"
  "static inline bool\n"
  "wyc_eq(wyv a, wyv b)\n"
  "{\n"
  "  return a == b || wy_equals(a, b);\n"
  "}\n\n"
  "/* l[i], 0 <= i < |l| */\n"
  "static inline wyv\n"
  "wyc_list_at(wyv l, int64_t i)\n"
  "{\n"
  "  if (wy_list(l)->h.sub == WY_LS_INT)\n"
  "    return wy_list_get_int_fast(l, (size_t)i);\n"
  "  return wy_list_get_fast(l, (size_t)i);\n"
  "}\n\n"
  "static inline wyv\n"
  "wyc_list_index(wyv l, wyv i, const WyPos *pos)\n"
  "{\n"
  "  if (wy_is_small(i) && (uint64_t)wy_small_val(i) < wy_list_len(l))\n"
  "    return wyc_list_at(l, wy_small_val(i));\n"
  "  return wy_list_index(l, i, pos);\n"
  "}\n\n"
  "static inline wyv\n"
  "wyc_index_any(wyv c, wyv i, const WyPos *pos)\n"
  "{\n"
  "  switch (wy_kind(c)) {\n"
  "  case WY_K_STRING: return wy_str_index(c, i, pos);\n"
  "  case WY_K_MAP: return wy_map_get(c, i);\n"
  "  default: return wyc_list_index(c, i, pos);\n"
  "  }\n"
  "}\n\n"
  "static inline int64_t\n"
  "wyc_iter_len(wyv c)\n"
  "{\n"
  "  switch (wy_kind(c)) {\n"
  "  case WY_K_LIST: return (int64_t)wy_list_len(c);\n"
  "  case WY_K_SET: return (int64_t)wy_set_len(c);\n"
  "  case WY_K_MAP: return (int64_t)wy_map_len(c);\n"
  "  case WY_K_STRING: return (int64_t)wy_str_len(c);\n"
  "  default: wy_fail(\"value is not iterable\", NULL);\n"
  "  }\n"
  "}\n\n"
  "static inline wyv\n"
  "wyc_map_pair(wyv m, int64_t i)\n"
  "{\n"
  "  wyv kv[2] = {wy_map_key(m, (size_t)i), wy_map_val(m, (size_t)i)};\n"
  "  wyv t = wy_tuple_of(2, kv);\n"
  "  wy_decref(kv[0]);\n"
  "  wy_decref(kv[1]);\n"
  "  return t;\n"
  "}\n\n"
  "static inline wyv\n"
  "wyc_iter_get(wyv c, int64_t i)\n"
  "{\n"
  "  switch (wy_kind(c)) {\n"
  "  case WY_K_SET: return wy_set_get(c, (size_t)i);\n"
  "  case WY_K_MAP: return wyc_map_pair(c, i);\n"
  "  case WY_K_STRING: return wy_char(wy_str_at(c, (size_t)i));\n"
  "  default: return wyc_list_at(c, i);\n"
  "  }\n"
  "}\n\n";

void
cgen_put_section(FILE *out, const char *title, StrBuf *sb)
{
  if (!sb->len) return;
  fprintf(out, "/* ---- %s ---- */\n\n%s", title, sb->s);
  if (sb->s[sb->len - 1] != '\n' || sb->len < 2 || sb->s[sb->len - 2] != '\n')
    fputc('\n', out);
}

void
cgen_write_main(Gen *g, FILE *out)
{
  fputs("static void wyc_consts_free(void) __attribute__((unused));\n\n"
        "static void\nwyc_consts_free(void)\n{\n", out);
  StrBuf sb = {0};
  cgen_emit_consts_free(g, &sb);
  if (g->thrown_global) sb_puts(&sb, "  wy_set(&wyc_thrown, WY_UNDEF);\n");
  if (sb.len) fputs(sb.s, out);
  sb_free(&sb);
  fputs("}\n\n", out);
  if (!g->m->main) return;
  /* the device starts on a thread while main computes (ocl_start.c) */
  if (g->nkern_refs)
    fprintf(out, "static const WyOclKernel *const wyc_kernels[] = {%s};\n\n",
            g->kern_refs.s);
  fprintf(out,
          "int\nmain(int argc, char **argv)\n{\n");
  if (g->m->real_mode != WYIL_REAL_EXACT)   /* before any real exists */
    fprintf(out, "  wy_real_mode = %d;\n", g->m->real_mode);
  fprintf(out, "  wyv sys = wy_init(argc, argv);\n");
  if (g->nkern_refs)
    fprintf(out, "  wy_ocl_prestart(wyc_kernels, %d);\n", g->nkern_refs);
  fprintf(out,
          "  wy_decref(%s(sys));\n"
          "  wy_decref(sys);\n"
          "  wyc_consts_free();\n"
          "  return wy_exit();\n}\n",
          cgen_func_cname(g->m->main));
}

static void
free_gen(Gen *g)
{
  StrBuf *bufs[] = {&g->protos, &g->tyfwd, &g->types, &g->shapes, &g->poss,
                    &g->tramps, &g->consts, &g->wheres, &g->kernels,
                    &g->body, &g->outlined, &g->kern_refs, &g->externs,
                    &g->decls, &g->data_decls, &g->pos_files};
  for (size_t i = 0; i < sizeof bufs / sizeof bufs[0]; i++) sb_free(bufs[i]);
  Intern *tabs[] = {&g->types_tab, &g->shapes_tab, &g->pos_tab, &g->const_tab,
                    &g->tramp_tab, &g->native_tab, &g->func_tab, &g->file_tab};
  for (size_t i = 0; i < sizeof tabs / sizeof tabs[0]; i++)
    cgen_intern_free(tabs[i]);
}

/* The functions of m that the program needs, into g's buffers (one C
 * file's, or each to its unit); returns the most instructions in one
 * C function. */
static int
emit_module(Gen *g, Module *m, const CgenOffload *off)
{
  for (int i = 0; off && i < m->funcs.n; i++)
    if (((Func *)m->funcs.v[i])->kernel) g->off = off;
  /* a program: what main reaches (each emitted function queues what it
   * calls, its function values, the constraints of its types); the C
   * compiler would drop the other static functions, after parsing them
   * (about 9 KB of its memory each at -O2: a million unused ones did not
   * fit in 2 GB).  No main (a test of the back end): every function. */
  if (m->main) cgen_need_func(g, m->main);
  for (int i = 0; !m->main && i < m->funcs.n; i++) {
    Func *fn = m->funcs.v[i];
    if (!fn->is_native && !fn->kernel) cgen_need_func(g, fn);
  }
  int longest = 0;
  for (int i = 0; i < g->todo.n; i++) {
    int n = emit_func(g, g->todo.v[i]);
    if (n > longest) longest = n;
  }
  return longest;
}

/* What opens the C file (or the units' header): pragmas, includes, the
 * helpers (arena). */
static const char *
head_text(Gen *g, int longest)
{
  StrBuf sb = {0};
  sb_printf(&sb, "/* Generated by wyc from %s (module %s).  Do not edit. */\n",
            g->m->file ? g->m->file : "?", g->m->name ? g->m->name : "?");
  /* gcc's points-to analysis and its inlining of the runtime's helpers
   * grow faster than the function: a sum of 19,000 terms took 240 s at
   * -O2, 14 s without them (the whole file: per function, as an
   * attribute, they still took 65 s); a function that long is cut in
   * parts where it can be (cgen_outline.c) */
  if (longest > CGEN_HUGE_FUNC)
    sb_puts(&sb, "#if defined(__GNUC__) && !defined(__clang__)\n"
            "#pragma GCC optimize (\"no-tree-pta\", \"no-inline\")\n"
            "#endif\n");
  sb_puts(&sb, "#include \"wyrt.h\"\n");
  sb_puts(&sb, g->off ? "#include \"ocl.h\"\n\n" : "\n");
  /* the parts of a function cut (cgen_outline.c): called once each,
   * not inlined back; straight code, compiled at -O1 (in 1,000 parts of
   * 200 instructions a sum of 200,000 terms took gcc xxx s at -O2) */
  if (g->any_part)
    sb_puts(&sb, "#if defined(__GNUC__) && !defined(__clang__)\n"
            "#define WYC_PART __attribute__((noinline, optimize(\"O1\")))\n"
            "#else\n"
            "#define WYC_PART __attribute__((noinline))\n"
            "#endif\n\n");
  sb_puts(&sb, prelude);
  const char *s = wyil_strdup(sb.s);
  sb_free(&sb);
  return s;
}

void
cgen_module(FILE *out, Module *m, const CgenOffload *off)
{
  Gen g = {.m = m, .link = "static ", .fwd = "static "};
  int longest = emit_module(&g, m, off);
  fputs(head_text(&g, longest), out);
  cgen_put_section(out, "functions", &g.protos);
  cgen_put_section(out, "types", &g.tyfwd);
  cgen_put_section(out, "type descriptors", &g.types);
  cgen_put_section(out, "record shapes", &g.shapes);
  cgen_put_section(out, "source positions", &g.poss);
  cgen_put_section(out, "function values", &g.tramps);
  cgen_put_section(out, "constants", &g.consts);
  cgen_put_section(out, "type constraints", &g.wheres);
  cgen_put_section(out, "OpenCL kernels", &g.kernels);
  cgen_put_section(out, "code", &g.body);
  cgen_write_main(&g, out);
  free_gen(&g);
}

bool
cgen_module_is_large(Module *m)
{
  return cgen_units_wanted(m);
}

void
cgen_module_units(CgenOut *o, Module *m, const CgenOffload *off)
{
  Gen g = {.m = m, .link = "", .fwd = "extern "};
  cgen_units_begin(&g, o);
  int longest = emit_module(&g, m, off);
  cgen_units_finish(&g, head_text(&g, longest));
  free_gen(&g);
}
