/* words.c -- split a variable's value into words as a POSIX shell
 * splits a command line, without running a shell.
 *
 * Stage: the driver (main.c), before it spawns the C compiler.
 * Input: the text of CC or WYC_CFLAGS.  Output: its words, appended to
 * an argument vector.
 *
 * The rules are the shell's quoting rules (POSIX 2.2 and 2.6.5) with no
 * expansion: blanks (space, tab, newline) end a word; a backslash
 * outside quotes takes the next character as it is (a backslash before
 * a newline removes both); '...' keeps everything up to the next quote;
 * inside "...", a backslash quotes only $ ` " \ and newline, and stays
 * before any other character.  Quotes join what they hold to the word
 * around them, so -DX="a b" is the one word -DX=a b, and '' is an empty
 * word.  $ and ` are kept as written: nothing is substituted.
 */
#include <string.h>

#include "compiler.h"

static bool
is_blank(char c)
{
  return c == ' ' || c == '\t' || c == '\n';
}

/* Scan the "..." that opens at *s (past the quote) into w; return the
 * text after the closing quote, or NULL if there is none. */
static const char *
double_quoted(const char *s, StrBuf *w)
{
  for (; *s && *s != '"'; s++) {
    if (*s == '\\' && s[1] && strchr("$`\"\\\n", s[1])) {
      if (s[1] != '\n') sb_putc(w, s[1]);
      s++;
      continue;
    }
    sb_putc(w, *s);
  }
  return *s ? s + 1 : NULL;
}

const char *
words_split(PtrVec *out, const char *s)
{
  if (!s) return NULL;
  for (;;) {
    while (is_blank(*s)) s++;
    if (!*s) return NULL;
    StrBuf w = {0};
    bool quoted = false;   /* '' and "" make a word though empty */
    while (*s && !is_blank(*s)) {
      if (*s == '\\') {
        if (!s[1]) break;                 /* a trailing backslash: kept */
        if (s[1] != '\n') sb_putc(&w, s[1]);
        s += 2;
      } else if (*s == '\'') {
        const char *end = strchr(s + 1, '\'');
        if (!end) {
          sb_free(&w);
          return "a single quote (') is not closed";
        }
        for (s++; s < end; s++) sb_putc(&w, *s);
        s++;
        quoted = true;
      } else if (*s == '"') {
        s = double_quoted(s + 1, &w);
        if (!s) {
          sb_free(&w);
          return "a double quote (\") is not closed";
        }
        quoted = true;
      } else {
        sb_putc(&w, *s++);
      }
    }
    if (*s == '\\' && !s[1]) sb_putc(&w, *s++);
    if (w.len || quoted)
      vec_push(out, wyil_strndup(w.len ? w.s : "", w.len));
    sb_free(&w);
  }
}
