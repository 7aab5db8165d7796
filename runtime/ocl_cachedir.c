/* ocl_cachedir.c -- the binary cache's directory and key, checked before
 * either is trusted (docs/cache.md).
 *
 * Input: the environment (XDG_CACHE_HOME, XDG_DATA_HOME, HOME) and the
 * files they name.
 * Output: wy_ocl_cache_ready: true with wy_ocl_g.cache_fd an open
 * descriptor of the cache directory and wy_ocl_g.cache_key the user's
 * 32-byte key; or false, once with a note on stderr that names the
 * directory or file and what is wrong with it, and no cache for the
 * rest of the process.  wy_ocl_cache_open opens a file of the cache
 * relative to that descriptor, never through a symbolic link.
 *
 * The cache directory, $XDG_CACHE_HOME/wyc (default ~/.cache/wyc), and
 * the key's, $XDG_DATA_HOME/wyc (default ~/.local/share/wyc), are made
 * with mode 0700 when missing; each must then be a directory (not a
 * symbolic link to one) owned by the effective user and writable by
 * no one else.  The checks are made on the descriptor that is used
 * afterwards, so a directory swapped after the check is not used.
 * The key, cache.key, is 32 random bytes made on first use (mode 0600,
 * written under a random name and linked into place, so that two first
 * runs agree on one key); it must be a regular file of the user's,
 * readable by no one else.
 */
#define WY_OCL_IMPL
#include <errno.h>
#include <fcntl.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "ocl.h"

#define KEY_NAME "cache.key"

/* mkdir -p for an absolute path, each new directory with mode 0700;
 * what exists is left as it is (the checks come after). */
static void
make_dirs(char *path)
{
  for (char *p = path + 1; *p; p++) {
    if (*p != '/') continue;
    *p = 0;
    (void)mkdir(path, 0700);
    *p = '/';
  }
  (void)mkdir(path, 0700);
}

/* The directory $VAR/wyc, or $HOME/FALLBACK/wyc, into out; false with
 * the reason in why when neither names one.  XDG's variables count only
 * when absolute (the XDG base directory rules); HOME must exist (it is
 * never made). */
static bool
base_dir(const char *var, const char *fallback, char *out, size_t n,
         char *why, size_t wn)
{
  const char *xdg = getenv(var), *home = getenv("HOME");
  struct stat sb;
  if (xdg && xdg[0] == '/') {
    if ((size_t)snprintf(out, n, "%s/wyc", xdg) < n) return true;
    snprintf(why, wn, "%s is too long", var);
    return false;
  }
  if (!home || home[0] != '/') {
    snprintf(why, wn, "neither %s nor HOME is an absolute path", var);
    return false;
  }
  if (stat(home, &sb) != 0) {
    snprintf(why, wn, "HOME=%.300s is unusable (%s)", home, strerror(errno));
    return false;
  }
  if (!S_ISDIR(sb.st_mode)) {
    snprintf(why, wn, "HOME=%.300s is not a directory", home);
    return false;
  }
  if ((size_t)snprintf(out, n, "%s/%s/wyc", home, fallback) < n) return true;
  snprintf(why, wn, "HOME is too long");
  return false;
}

/* Is the open file sb the user's, writable (mask 022) or readable too
 * (mask 077) by no one else?  If not, why says so. */
static bool
private_mode(const struct stat *sb, mode_t mask, const char *what,
             const char *path, char *why, size_t wn)
{
  mode_t mode = sb->st_mode & 07777;
  if (sb->st_uid != geteuid()) {
    snprintf(why, wn, "%s %.300s is owned by uid %u (this user is uid %u)",
             what, path, (unsigned)sb->st_uid, (unsigned)geteuid());
    return false;
  }
  if (mode & mask & 002) {
    snprintf(why, wn, "%s %.300s is writable by others (mode 0%03o)", what,
             path, (unsigned)mode);
    return false;
  }
  if (mode & mask & 020) {
    snprintf(why, wn, "%s %.300s is writable by its group (mode 0%03o)",
             what, path, (unsigned)mode);
    return false;
  }
  if (mode & mask) {
    snprintf(why, wn, "%s %.300s has mode 0%03o: others than its owner "
             "may read it (it must be 0600)", what, path, (unsigned)mode);
    return false;
  }
  return true;
}

/* The directory dir, made if missing, opened and checked: its
 * descriptor, or -1 with the reason in why. */
static int
open_private_dir(char *dir, const char *what, char *why, size_t wn)
{
  struct stat sb;
  int fd;
  make_dirs(dir);
  if (lstat(dir, &sb) == 0 && S_ISLNK(sb.st_mode)) {
    snprintf(why, wn, "%s %.300s is a symbolic link", what, dir);
    return -1;
  }
  fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) {
    snprintf(why, wn, "%s %.300s is unusable (%s)", what, dir,
             errno == ENOTDIR ? "not a directory" : strerror(errno));
    return -1;
  }
  if (fstat(fd, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
    snprintf(why, wn, "%s %.300s is not a directory", what, dir);
    close(fd);
    return -1;
  }
  if (!private_mode(&sb, 022, what, dir, why, wn)) {
    close(fd);
    return -1;
  }
  return fd;
}

/* A fresh random name "base.HEX.tmp" into out (n bytes). */
static void
temp_name(const char *base, char *out, size_t n)
{
  unsigned char r[8];
  char hex[17];
  randombytes_buf(r, sizeof r);
  sodium_bin2hex(hex, sizeof hex, r, sizeof r);
  snprintf(out, n, "%s.%s.tmp", base, hex);
}

/* Make the key file in the directory kfd: 32 random bytes under a
 * random name, then linked to KEY_NAME (a key another run linked first
 * stays: both runs then read that one). */
static void
make_key(int kfd)
{
  unsigned char key[crypto_auth_KEYBYTES];
  char tmp[64];
  bool ok;
  int fd;
  temp_name(KEY_NAME, tmp, sizeof tmp);
  fd = openat(kfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
              0600);
  if (fd < 0) return;
  crypto_auth_keygen(key);
  ok = write(fd, key, sizeof key) == (ssize_t)sizeof key && fsync(fd) == 0;
  sodium_memzero(key, sizeof key);
  if (close(fd) != 0) ok = false;
  if (ok && linkat(kfd, tmp, kfd, KEY_NAME, 0) != 0 && errno != EEXIST)
    (void)renameat(kfd, tmp, kfd, KEY_NAME);   /* no hard links there */
  (void)unlinkat(kfd, tmp, 0);
}

/* Read the key from the directory kfd (path: for messages), making it
 * on first use; false with the reason in why. */
static bool
read_key(int kfd, const char *path, unsigned char *key, char *why,
         size_t wn)
{
  struct stat sb;
  int flags = O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK;
  int fd = openat(kfd, KEY_NAME, flags);
  bool ok;
  if (fd < 0 && errno == ENOENT) {
    make_key(kfd);
    fd = openat(kfd, KEY_NAME, flags);
  }
  if (fd < 0) {
    snprintf(why, wn, "the key file %.300s/" KEY_NAME " %s", path,
             errno == ELOOP ? "is a symbolic link"
             : errno == ENOENT ? "cannot be made" : strerror(errno));
    return false;
  }
  ok = fstat(fd, &sb) == 0;
  if (ok && !S_ISREG(sb.st_mode)) {
    snprintf(why, wn, "the key file %.300s/" KEY_NAME " is not a regular "
             "file", path);
    ok = false;
  }
  if (ok) {
    char file[4200];
    snprintf(file, sizeof file, "%s/" KEY_NAME, path);
    ok = private_mode(&sb, 077, "the key file", file, why, wn);
  }
  if (ok && (sb.st_size != crypto_auth_KEYBYTES
             || read(fd, key, crypto_auth_KEYBYTES) != crypto_auth_KEYBYTES)) {
    snprintf(why, wn, "the key file %.300s/" KEY_NAME " is not %d bytes",
             path, crypto_auth_KEYBYTES);
    ok = false;
  }
  close(fd);
  return ok;
}

/* The cache directory and the key, or the reason in why. */
static bool
open_cache(WyOclState *g, char *why, size_t wn)
{
  char dir[4096], kdir[4096];
  struct stat cs, ks;
  int kfd;
  bool ok;
  if (sodium_init() < 0) {
    snprintf(why, wn, "libsodium does not start");
    return false;
  }
  if (!base_dir("XDG_CACHE_HOME", ".cache", dir, sizeof dir, why, wn))
    return false;
  g->cache_fd = open_private_dir(dir, "the cache directory", why, wn);
  if (g->cache_fd < 0) return false;
  ok = base_dir("XDG_DATA_HOME", ".local/share", kdir, sizeof kdir, why, wn);
  kfd = ok ? open_private_dir(kdir, "the key's directory", why, wn) : -1;
  ok = kfd >= 0;
  if (ok && fstat(g->cache_fd, &cs) == 0 && fstat(kfd, &ks) == 0
      && cs.st_dev == ks.st_dev && cs.st_ino == ks.st_ino) {
    snprintf(why, wn, "the key's directory %.300s is the cache directory",
             kdir);
    ok = false;
  }
  if (ok) ok = read_key(kfd, kdir, g->cache_key, why, wn);
  if (kfd >= 0) close(kfd);
  if (!ok) {
    close(g->cache_fd);
    g->cache_fd = -1;
  }
  return ok;
}

bool
wy_ocl_cache_ready(void)
{
  WyOclState *g = &wy_ocl_g;
  char why[1024];
  if (g->cache_state) return g->cache_state > 0;
  g->cache_state = -1;
  if (!open_cache(g, why, sizeof why)) {
    if (wyrt_config_on(WYRT_CFG_QUIET)) return false;
    wy_ocl_flush_stdout();
    fprintf(stderr, "wyc: no kernel binary cache in this run: %s\n", why);
    return false;
  }
  g->cache_state = 1;
  return true;
}

int
wy_ocl_cache_open(const char *name, int flags)
{
  WyOclState *g = &wy_ocl_g;
  struct stat sb;
  int fd;
  if (g->cache_state <= 0) return -1;
  fd = openat(g->cache_fd, name,
              flags | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0600);
  if (fd < 0) return -1;
  /* a FIFO or device planted under the name is no entry */
  if (fstat(fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
    close(fd);
    return -1;
  }
  return fd;
}

int
wy_ocl_cache_create(const char *name, char *tmp, size_t n)
{
  WyOclState *g = &wy_ocl_g;
  if (g->cache_state <= 0) return -1;
  temp_name(name, tmp, n);
  return openat(g->cache_fd, tmp,
                O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
}

bool
wy_ocl_cache_commit(const char *tmp, const char *name, bool ok)
{
  WyOclState *g = &wy_ocl_g;
  if (ok && renameat(g->cache_fd, tmp, g->cache_fd, name) == 0) return true;
  (void)unlinkat(g->cache_fd, tmp, 0);
  return false;
}

void
wy_ocl_cache_close(void)
{
  WyOclState *g = &wy_ocl_g;
  if (g->cache_state > 0) close(g->cache_fd);
  sodium_memzero(g->cache_key, sizeof g->cache_key);
  g->cache_state = 0;
  g->cache_fd = -1;
}
