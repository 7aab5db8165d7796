/* lib_file.c -- the natives of whiley.io.File (stdlib/whiley/io/File.whiley):
 * a Reader or Writer is a reference to the record {fileName} (Writer:
 * {fileName, writer}), as in the 2013 library; the open FILE behind it
 * is kept here, in a table keyed by the reference object.  A file that
 * cannot be opened is a runtime error naming it (the 2013 library
 * returned null, which failed at the first use).  Reading or writing a
 * closed file is an error too; close is idempotent.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wyrt_impl.h"

typedef struct OpenFile {
  WyObj *ref;   /* the Reader/Writer reference (identity only) */
  FILE *f;
} OpenFile;

static OpenFile *files;
static size_t nfiles, capfiles;

static OpenFile *
find(wyv ref)
{
  for (size_t i = 0; i < nfiles; i++)
    if (files[i].ref == wy_obj(ref)) return &files[i];
  return NULL;
}

static FILE *
file_of(wyv ref)
{
  OpenFile *o = wy_is_obj(ref) ? find(ref) : NULL;
  if (!o) wy_fail("file is not open", NULL);
  return o->f;
}

/* A new reference to {fileName: name[, writer: 1]} with f open behind it. */
static wyv
open_file(wyv name, const char *mode, bool writer)
{
  char *path = wy_str_to_utf8(name);
  FILE *f = fopen(path, mode);
  if (!f) {
    char msg[512];
    snprintf(msg, sizeof msg, "cannot open file %.400s: %s", path,
             strerror(errno));
    free(path);
    wy_fail(msg, NULL);
  }
  free(path);
  static const char *const rnames[] = {"fileName"};
  static const char *const wnames[] = {"fileName", "writer"};
  static const WyShape rshape = {1, rnames}, wshape = {2, wnames};
  wyv vals[2] = {name, wy_small(1)};
  wyv rec = wy_record_of(writer ? &wshape : &rshape, vals);
  wyv ref = wy_ref_new(rec);
  wy_decref(rec);
  OpenFile *o = find(ref);  /* a stale entry of a freed reference */
  if (o) {
    fclose(o->f);
  } else {
    if (nfiles == capfiles) {
      capfiles = capfiles ? 2 * capfiles : 8;
      files = realloc(files, capfiles * sizeof *files);
      if (!files) wy_fail("out of memory", NULL);
    }
    o = &files[nfiles++];
  }
  o->ref = wy_obj(ref);
  o->f = f;
  return ref;
}

wyv
wy_lib_File_Reader(wyv name)
{
  return open_file(name, "rb", false);
}

wyv
wy_lib_File_Writer(wyv name)
{
  return open_file(name, "wb", true);
}

wyv
wy_lib_File_close(wyv ref)
{
  OpenFile *o = wy_is_obj(ref) ? find(ref) : NULL;
  if (o) {
    fclose(o->f);
    *o = files[--nfiles];
  }
  return WY_NULL;
}

/* Up to max bytes (all that is left when max < 0). */
static wyv
read_bytes(wyv ref, int64_t max)
{
  FILE *f = file_of(ref);
  wyv l = wy_list_new(WY_LS_ANY, 0);
  unsigned char buf[4096];
  while (max != 0) {
    size_t want = max < 0 || max > (int64_t)sizeof buf ? sizeof buf
                                                       : (size_t)max;
    size_t got = fread(buf, 1, want, f);
    for (size_t i = 0; i < got; i++) wy_list_push(&l, wy_byte(buf[i]));
    if (max > 0) max -= (int64_t)got;
    if (got < want) break;
  }
  return l;
}

wyv
wy_lib_File_read(wyv ref, wyv max)
{
  int64_t n;
  if (!wy_int_to_i64(max, &n) || n < 0) n = 0;
  return read_bytes(ref, n);
}

wyv
wy_lib_File_readAll(wyv ref)
{
  return read_bytes(ref, -1);
}

wyv
wy_lib_File_write(wyv ref, wyv data)
{
  FILE *f = file_of(ref);
  size_t n = wy_list_len(data);
  for (size_t i = 0; i < n; i++) {
    wyv b = wy_list_get(data, i);
    putc((int)(wy_imm_payload(b) & 0xff), f);
    wy_decref(b);
  }
  if (ferror(f)) wy_fail("cannot write the file", NULL);
  return WY_NULL;
}
