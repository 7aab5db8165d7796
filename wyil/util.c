/* util.c -- the compilation arena, growable vectors and strings, and
 * internal errors.  Everything the compiler allocates for one run comes
 * from the arena and is released together by wyil_free_all(). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "wyil.h"

typedef struct Chunk {
  struct Chunk *prev;  /* previously filled chunk */
  size_t used, size;   /* bytes used / available in data */
  max_align_t data[];  /* the memory handed out */
} Chunk;

static Chunk *arena;   /* the chunk being filled */
static size_t chunk_size = 65536;  /* of the next chunk */

void *
wyil_alloc(size_t n)
{
  n = (n + sizeof(max_align_t) - 1) & ~(sizeof(max_align_t) - 1);
  if (!arena || arena->used + n > arena->size) {
    /* chunks grow with the arena (64 KiB to 4 MiB): few of them for a
     * large program, and calloc's fresh pages are already zero */
    size_t size = chunk_size < n ? n : chunk_size;
    if (chunk_size < (4u << 20)) chunk_size *= 2;
    Chunk *c = calloc(1, sizeof(Chunk) + size);
    if (!c) {
      fprintf(stderr, "wyc: out of memory\n");
      exit(1);
    }
    c->prev = arena;
    c->used = 0;
    c->size = size;
    arena = c;
  }
  void *p = (char *)arena->data + arena->used;
  arena->used += n;
  return p;
}

void
wyil_free_all(void)
{
  while (arena) {
    Chunk *prev = arena->prev;
    free(arena);
    arena = prev;
  }
  chunk_size = 65536;
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
wyil_fmt(const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  char *p = wyil_alloc((size_t)n + 1);
  va_start(ap, fmt);
  vsnprintf(p, (size_t)n + 1, fmt, ap);
  va_end(ap);
  return p;
}

void
vec_push(PtrVec *vec, void *p)
{
  if (vec->n == vec->cap) {
    int cap = vec->cap ? vec->cap * 2 : 8;
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
