/* diag.c -- user-facing diagnostics.
 *
 * error_at prints
 *
 *     file:line:col: error: message
 *     the source line
 *         ^
 *
 * and ends the run (exit 1): the first error stops the compiler, as in
 * chibicc.  warn_at prints the same with "warning:" and returns.  The
 * lexer registers the text of every file it reads, so that the source
 * line can be shown; a position in an unregistered file (or line 0)
 * prints the first line only.  Columns count code points from 1; the
 * caret line copies the tabs of the source line so that it lines up in
 * any terminal.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "compiler.h"

/* Registered sources: few (the program and the library modules it
 * imports), so a list searched from the newest is enough.  Heap, not
 * arena: diagnostics may outlive wyil_free_all. */
typedef struct Source Source;
struct Source {
  const char *file;  /* path, as in SrcPos.file */
  const char *text;  /* whole text, NUL-terminated (caller keeps it) */
  Source *next;      /* older registration */
};

static Source *sources;

void
diag_register_source(const char *file, const char *text)
{
  Source *src = malloc(sizeof(Source));
  if (!src) return;  /* without it we only lose the source line */
  src->file = file;
  src->text = text;
  src->next = sources;
  sources = src;
}

static const char *
find_source(const char *file)
{
  if (!file) return NULL;
  for (Source *src = sources; src; src = src->next)
    if (src->file == file || !strcmp(src->file, file))
      return src->text;
  return NULL;
}

/* Print line `line` of text and a caret under code point `col`. */
static void
print_source_line(const char *text, int line, int col)
{
  const char *p = text;
  for (int i = 1; i < line && *p; i++) {
    p = strchr(p, '\n');
    if (!p) return;
    p++;
  }
  const char *end = p;
  while (*end && *end != '\n' && *end != '\r') end++;
  if (end == p && !*p && line > 1) return;  /* past the last line */
  fprintf(stderr, "%.*s\n", (int)(end - p), p);
  int cp = 1;
  for (const char *q = p; q < end && cp < col; q++) {
    if (((unsigned char)*q & 0xC0) == 0x80) continue;  /* UTF-8 tail */
    fputc(*q == '\t' ? '\t' : ' ', stderr);
    cp++;
  }
  for (; cp < col; cp++) fputc(' ', stderr);
  fputs("^\n", stderr);
}

static void
report(SrcPos pos, const char *kind, const char *fmt, va_list ap)
{
  fflush(stdout);
  if (pos.file && pos.line > 0)
    fprintf(stderr, "%s:%d:%d: %s: ", pos.file, pos.line,
            pos.col > 0 ? pos.col : 1, kind);
  else if (pos.file)
    fprintf(stderr, "%s: %s: ", pos.file, kind);
  else
    fprintf(stderr, "wyc: %s: ", kind);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  const char *text = find_source(pos.file);
  if (text && pos.line > 0) print_source_line(text, pos.line, pos.col);
}

_Noreturn void
error_at(SrcPos pos, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  report(pos, "error", fmt, ap);
  va_end(ap);
  exit(1);
}

void
warn_at(SrcPos pos, const char *fmt, ...)
{
  va_list ap;
  va_start(ap, fmt);
  report(pos, "warning", fmt, ap);
  va_end(ap);
}
