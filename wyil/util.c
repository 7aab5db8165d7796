/* util.c -- arenas, growable vectors and strings, and internal errors.
 *
 * Everything the compiler keeps for the whole run comes from the
 * compilation arena and is released together by wyil_free_all().  What
 * only one phase needs goes to an arena of its own (wyil_arena_new),
 * made the current one with wyil_arena_use while the phase allocates and
 * released with wyil_arena_reset when it is done: the front end's
 * tokens and function bodies (compiler/lexer.c, parser.c, lower.c), the
 * control flow tables of one function (cfg.c).  wyil_alloc serves the
 * current arena, so the code of a phase allocates as any other code. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "wyil.h"

typedef struct Chunk {
  struct Chunk *prev;  /* previously filled chunk */
  size_t used, size;   /* bytes used / available in data */
  max_align_t data[];  /* the memory handed out */
} Chunk;

struct WyArena {
  Chunk *head;         /* the chunk being filled */
  size_t next_size;    /* of the next chunk */
  size_t first_size;   /* ... of the first (after a reset) */
  size_t max_size;     /* chunks grow up to this */
};

/* The compilation arena: 64 KiB chunks growing to 4 MiB, so that a large
 * program needs few of them and calloc's fresh pages are already zero. */
static WyArena compilation = {NULL, 65536, 65536, 4u << 20};
static WyArena *current = &compilation;

/* Chunks of released arenas, zeroed, kept for the next ones: a phase
 * that releases its arena once per declaration or function costs no
 * calloc of fresh pages each time. */
static Chunk *spare;
static size_t spare_bytes;
#ifdef __SANITIZE_ADDRESS__
enum { SPARE_MAX = 0 };   /* freed for real: ASan sees a late use */
#else
enum { SPARE_MAX = 4u << 20 };
#endif

static Chunk *
new_chunk(size_t size)
{
  for (Chunk **at = &spare; *at; at = &(*at)->prev)
    if ((*at)->size >= size) {
      Chunk *c = *at;
      *at = c->prev;
      spare_bytes -= c->size;
      return c;
    }
  Chunk *c = calloc(1, sizeof(Chunk) + size);
  if (!c) {
    fprintf(stderr, "wyc: out of memory\n");
    exit(1);
  }
  c->size = size;
  return c;
}

static void
release_chunks(Chunk *c, bool keep)
{
  while (c) {
    Chunk *prev = c->prev;
    if (keep && spare_bytes + c->size <= (size_t)SPARE_MAX) {
      memset(c->data, 0, c->used);
      c->used = 0;
      c->prev = spare;
      spare = c;
      spare_bytes += c->size;
    } else {
      free(c);
    }
    c = prev;
  }
}

/* An object whose size is a multiple of 16 may need 16-byte alignment
 * (an __int128); every other one needs at most 8: strings and small
 * arrays of ints do not pay for max_align_t. */
static size_t
align_of_size(size_t n)
{
  return n % 16 == 0 ? 16 : 8;
}

void *
wyil_alloc(size_t n)
{
  WyArena *a = current;
  size_t align = align_of_size(n);
  n = (n + 7) & ~(size_t)7;
  size_t at = a->head ? (a->head->used + align - 1) & ~(align - 1) : 0;
  if (!a->head || at + n > a->head->size) {
    size_t size = a->next_size < n ? n : a->next_size;
    if (a->next_size < a->max_size) a->next_size *= 2;
    Chunk *c = new_chunk(size);
    c->prev = a->head;
    a->head = c;
    at = 0;
  }
  void *p = (char *)a->head->data + at;
  a->head->used = at + n;
  return p;
}

WyArena *
wyil_arena_new(void)
{
  WyArena *a = calloc(1, sizeof(WyArena));
  if (!a) {
    fprintf(stderr, "wyc: out of memory\n");
    exit(1);
  }
  a->first_size = a->next_size = 16384;
  a->max_size = 1u << 20;
  return a;
}

WyArena *
wyil_arena_use(WyArena *a)
{
  WyArena *was = current;
  current = a ? a : &compilation;
  return was == &compilation ? NULL : was;
}

void
wyil_arena_reset(WyArena *a)
{
  if (!a) return;
  if (current == a) internal_error("arena reset while in use");
  release_chunks(a->head, true);
  a->head = NULL;
  a->next_size = a->first_size;
}

void
wyil_arena_free(WyArena *a)
{
  if (!a) return;
  wyil_arena_reset(a);
  free(a);
}

void
wyil_free_all(void)
{
  current = &compilation;
  release_chunks(compilation.head, false);
  compilation.head = NULL;
  compilation.next_size = compilation.first_size;
  release_chunks(spare, false);
  spare = NULL;
  spare_bytes = 0;
}

char *
wyil_strndup(const char *s, size_t n)
{
  char *p = wyil_alloc(n + 1);
  memcpy(p, s, n);
  p[n] = 0;
  return p;
}

char *
wyil_strdup(const char *s)
{
  return wyil_strndup(s, strlen(s));
}

char *
wyil_vfmt(const char *fmt, va_list ap)
{
  va_list again;
  va_copy(again, ap);
  int n = vsnprintf(NULL, 0, fmt, ap);
  char *p = wyil_alloc((size_t)n + 1);
  vsnprintf(p, (size_t)n + 1, fmt, again);
  va_end(again);
  return p;
}

char *
wyil_fmt(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  char *p = wyil_vfmt(fmt, ap);
  va_end(ap);
  return p;
}

void
vec_push(PtrVec *vec, void *p)
{
  if (vec->n == vec->cap) {
    int cap = vec->cap ? vec->cap * 2 : 2;   /* most hold one or two */
    void **v = wyil_alloc(sizeof(void *) * (size_t)cap);
    if (vec->n) memcpy(v, vec->v, sizeof(void *) * (size_t)vec->n);
    vec->v = v;
    vec->cap = cap;
  }
  vec->v[vec->n++] = p;
}

static void
sb_reserve(StrBuf *sb, size_t extra)
{
  if (sb->len + extra + 1 <= sb->cap) return;
  size_t cap = sb->cap ? sb->cap : 64;
  while (cap < sb->len + extra + 1) cap *= 2;
  char *s = realloc(sb->s, cap);
  if (!s) {
    fprintf(stderr, "wyc: out of memory\n");
    exit(1);
  }
  sb->s = s;
  sb->cap = cap;
}

void
sb_putc(StrBuf *sb, char c)
{
  sb_reserve(sb, 1);
  sb->s[sb->len++] = c;
  sb->s[sb->len] = 0;
}

void
sb_puts(StrBuf *sb, const char *s)
{
  size_t n = strlen(s);
  sb_reserve(sb, n);
  memcpy(sb->s + sb->len, s, n + 1);
  sb->len += n;
}

void
sb_printf(StrBuf *sb, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  sb_reserve(sb, (size_t)n);
  va_start(ap, fmt);
  vsnprintf(sb->s + sb->len, (size_t)n + 1, fmt, ap);
  va_end(ap);
  sb->len += (size_t)n;
}

void
sb_free(StrBuf *sb)
{
  free(sb->s);
  sb->s = NULL;
  sb->len = sb->cap = 0;
}

_Noreturn void
wyil_internal_error(const char *file, int line, const char *fmt, ...)
{
  va_list ap;
  fprintf(stderr, "wyc: internal error at %s:%d: ", file, line);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fprintf(stderr, "\n");
  abort();
}
