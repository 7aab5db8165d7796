/* cgen_types.c -- static runtime type descriptors (WyType) for `is`
 * tests and conversions, and record shapes (WyShape).
 *
 * Each distinct type gets one `static const WyType wyc_tyN`, declared
 * first and defined later, so that recursive nominal types become cyclic
 * static data.  Types are told apart by a key that names nominal types
 * by module and name (ty_str would confuse two `Error`s, and structural
 * equality would confuse `nat` with `int`).  A nominal type with a
 * `where` gets a wrapper `static bool wyc_whereN(wyv)` calling the
 * constraint function.
 */
#include <string.h>

#include "../wyil/wyil.h"
#include "cgen_internal.h"

static void
key_list(StrBuf *sb, int n, Type **elems, const char *sep);

/* The identity of a type, as text. */
static void
type_key(StrBuf *sb, Type *t)
{
  static const char *const prim[] = {
    [TY_VOID] = "void", [TY_ANY] = "any", [TY_NULL] = "null",
    [TY_BOOL] = "bool", [TY_BYTE] = "byte", [TY_CHAR] = "char",
    [TY_INT] = "int", [TY_REAL] = "real", [TY_STRING] = "string",
  };
  if (!t) {
    sb_puts(sb, "any");
    return;
  }
  switch (t->kind) {
  case TY_LIST: sb_putc(sb, '['); type_key(sb, t->elems[0]); sb_putc(sb, ']');
    break;
  case TY_SET: sb_putc(sb, '{'); type_key(sb, t->elems[0]); sb_putc(sb, '}');
    break;
  case TY_REF: sb_puts(sb, "ref("); type_key(sb, t->elems[0]);
    sb_putc(sb, ')');
    break;
  case TY_NEGATION: sb_puts(sb, "!("); type_key(sb, t->elems[0]);
    sb_putc(sb, ')');
    break;
  case TY_MAP: sb_putc(sb, '{'); key_list(sb, 2, t->elems, "=>");
    sb_putc(sb, '}');
    break;
  case TY_TUPLE: sb_putc(sb, '('); key_list(sb, t->n, t->elems, ",");
    sb_putc(sb, ')');
    break;
  case TY_UNION: sb_puts(sb, "U("); key_list(sb, t->n, t->elems, "|");
    sb_putc(sb, ')');
    break;
  case TY_INTERSECT: sb_puts(sb, "I("); key_list(sb, t->n, t->elems, "&");
    sb_putc(sb, ')');
    break;
  case TY_RECORD:
    sb_putc(sb, '{');
    for (int i = 0; i < t->n; i++) {
      if (i) sb_putc(sb, ',');
      type_key(sb, t->elems[i]);
      sb_printf(sb, " %s", t->names[i]);
    }
    if (t->open) sb_puts(sb, ",...");
    sb_putc(sb, '}');
    break;
  case TY_FUNC: case TY_METHOD:
    sb_puts(sb, t->kind == TY_FUNC ? "fn(" : "method(");
    key_list(sb, t->n, t->elems, ",");
    sb_puts(sb, ")->");
    type_key(sb, t->ret);
    break;
  case TY_NOMINAL:
    sb_printf(sb, "<%s.%s>", t->def->module ? t->def->module : "",
              t->def->name);
    break;
  default:
    sb_puts(sb, prim[t->kind]);
    break;
  }
}

static void
key_list(StrBuf *sb, int n, Type **elems, const char *sep)
{
  for (int i = 0; i < n; i++) {
    if (i) sb_puts(sb, sep);
    type_key(sb, elems[i]);
  }
}

static const char *
wy_kind_name(TypeKind k)
{
  switch (k) {
  case TY_VOID: return "WY_T_VOID";
  case TY_ANY: return "WY_T_ANY";
  case TY_NULL: return "WY_T_NULL";
  case TY_BOOL: return "WY_T_BOOL";
  case TY_BYTE: return "WY_T_BYTE";
  case TY_CHAR: return "WY_T_CHAR";
  case TY_INT: return "WY_T_INT";
  case TY_REAL: return "WY_T_REAL";
  case TY_STRING: return "WY_T_STRING";
  case TY_LIST: return "WY_T_LIST";
  case TY_SET: return "WY_T_SET";
  case TY_MAP: return "WY_T_MAP";
  case TY_TUPLE: return "WY_T_TUPLE";
  case TY_RECORD: return "WY_T_RECORD";
  case TY_REF: return "WY_T_REF";
  case TY_FUNC: case TY_METHOD: return "WY_T_FUNC";
  case TY_UNION: return "WY_T_UNION";
  case TY_NEGATION: return "WY_T_NEGATION";
  case TY_INTERSECT: return "WY_T_INTERSECT";
  case TY_NOMINAL: return "WY_T_NOMINAL";
  }
  return "WY_T_ANY";
}

/* The wrapper turning the `where` function of a nominal type into a C
 * predicate. */
static const char *
where_wrapper(Gen *g, int id, Func *where)
{
  const char *name = wyil_fmt("wyc_where%d", id);
  const char *arg = "v";
  sb_printf(&g->tyfwd, "%sbool %s(wyv v);\n", g->fwd, name);
  if (g->units && !where->is_native)
    cgen_units_declare(&g->data_decls, where);
  sb_printf(&g->wheres,
            "%sbool\n%s(wyv v)\n{\n"
            "  wyv r = %s;\n"
            "  bool ok = wy_truth(r);\n"
            "  wy_decref(r);\n"
            "  return ok;\n}\n\n",
            g->link, name, cgen_call_expr(g, where, &arg, 1));
  return name;
}

/* Emit the descriptor wyc_tyID of t (already registered). */
static void
emit_type(Gen *g, int id, Type *t)
{
  int n = 0;
  Type **elems = NULL;
  Type *one[1];
  switch (t->kind) {
  case TY_LIST: case TY_SET: case TY_REF: case TY_NEGATION:
    n = 1;
    elems = t->elems;
    break;
  case TY_MAP:
    n = 2;
    elems = t->elems;
    break;
  case TY_TUPLE: case TY_UNION: case TY_INTERSECT: case TY_RECORD:
  case TY_FUNC: case TY_METHOD:
    n = t->n;
    elems = t->elems;
    break;
  case TY_NOMINAL:
    n = 1;
    one[0] = t->def->type ? t->def->type : ty_any;
    elems = one;
    break;
  default:
    break;
  }
  const char **refs = wyil_alloc(sizeof(char *) * (size_t)(n + 1));
  for (int i = 0; i < n; i++) refs[i] = cgen_type_ref(g, elems[i]);
  StrBuf *sb = &g->types;
  if (n > 0) {
    sb_printf(sb, "static const WyType *const wyc_ty%d_e[] = {", id);
    for (int i = 0; i < n; i++) sb_printf(sb, "%s%s", i ? ", " : "", refs[i]);
    sb_puts(sb, "};\n");
  }
  if (t->kind == TY_RECORD && t->n > 0) {
    sb_printf(sb, "static const char *const wyc_ty%d_f[] = {", id);
    for (int i = 0; i < t->n; i++) {
      if (i) sb_puts(sb, ", ");
      cgen_emit_cstr(sb, t->names[i], strlen(t->names[i]));
    }
    sb_puts(sb, "};\n");
  }
  const char *where = NULL;
  if (t->kind == TY_NOMINAL && t->def->where)
    where = where_wrapper(g, id, t->def->where);
  sb_printf(sb, "%sconst WyType wyc_ty%d = {.kind = %s, .n = %d", g->link, id,
            wy_kind_name(t->kind), t->kind == TY_NOMINAL ? 1 : n);
  if (n > 0) sb_printf(sb, ", .elems = wyc_ty%d_e", id);
  if (t->kind == TY_RECORD && t->n > 0)
    sb_printf(sb, ", .names = wyc_ty%d_f", id);
  if (t->kind == TY_RECORD && t->open) sb_puts(sb, ", .open = true");
  if (t->kind == TY_NOMINAL) {
    sb_puts(sb, ", .name = ");
    cgen_emit_cstr(sb, t->def->name, strlen(t->def->name));
  }
  if (where) sb_printf(sb, ", .where = %s", where);
  sb_puts(sb, "};\n");
}

const char *
cgen_type_ref(Gen *g, Type *t)
{
  if (!t) t = ty_any;
  StrBuf key = {0};
  type_key(&key, t);
  int id = cgen_intern_get(&g->types_tab, key.s);
  if (id < 0) {
    id = g->ntypes++;
    cgen_intern_put(&g->types_tab, key.s, id);
    sb_printf(&g->tyfwd, "%sconst WyType wyc_ty%d;\n", g->fwd, id);
    emit_type(g, id, t);
  }
  sb_free(&key);
  return wyil_fmt("&wyc_ty%d", id);
}

const char *
cgen_shape_ref(Gen *g, int n, const char *const *names)
{
  StrBuf key = {0};
  for (int i = 0; i < n; i++) sb_printf(&key, "%s,", names[i]);
  if (!key.s) sb_puts(&key, "");
  int id = cgen_intern_get(&g->shapes_tab, key.s);
  if (id < 0) {
    id = g->nshapes++;
    cgen_intern_put(&g->shapes_tab, key.s, id);
    StrBuf *sb = &g->shapes;
    if (n > 0) {
      sb_printf(sb, "static const char *const wyc_sh%d_f[] = {", id);
      for (int i = 0; i < n; i++) {
        if (i) sb_puts(sb, ", ");
        cgen_emit_cstr(sb, names[i], strlen(names[i]));
      }
      sb_puts(sb, "};\n");
      sb_printf(sb, "%sconst WyShape wyc_sh%d = {%d, wyc_sh%d_f};\n",
                g->link, id, n, id);
    } else {
      sb_printf(sb, "%sconst WyShape wyc_sh%d = {0, NULL};\n", g->link, id);
    }
    if (g->units)
      sb_printf(&g->externs, "extern const WyShape wyc_sh%d;\n", id);
  }
  sb_free(&key);
  return wyil_fmt("&wyc_sh%d", id);
}

static bool
maybe_compound(Type *t, int depth)
{
  if (!t || depth > 32) return true;
  t = ty_expand(t);
  switch (t->kind) {
  case TY_VOID: case TY_NULL: case TY_BOOL: case TY_BYTE: case TY_CHAR:
  case TY_INT: case TY_REAL:
    return false;
  case TY_UNION:
    for (int i = 0; i < t->n; i++)
      if (maybe_compound(t->elems[i], depth + 1)) return true;
    return false;
  default:
    return true;
  }
}

bool
cgen_maybe_compound(Type *t)
{
  return maybe_compound(t, 0);
}

const char *
cgen_list_hint(Type *elem)
{
  if (!elem) return "WY_LS_ANY";
  switch (ty_expand(elem)->kind) {
  case TY_INT: return "WY_LS_INT";
  case TY_REAL: return "WY_LS_REAL";
  case TY_BOOL: return "WY_LS_BOOL";
  default: return "WY_LS_ANY";
  }
}
