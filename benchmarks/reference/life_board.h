/* life_board.h -- game of life's first board, as gameoflife.whiley
 * builds it: dead, a pulsar (period 3) in the middle and, from 32 x 32
 * on, a glider at the top left.  Cells are ints (0 or 1), row-major. */
#ifndef LIFE_BOARD_H
#define LIFE_BOARD_H

static inline int
life_in_pulsar(int r, int c)
{
  int on_line = r == 0 || r == 5 || r == 7 || r == 12;
  int in_arm = (c >= 2 && c <= 4) || (c >= 8 && c <= 10);
  int on_column = c == 0 || c == 5 || c == 7 || c == 12;
  int in_leg = (r >= 2 && r <= 4) || (r >= 8 && r <= 10);
  return (on_line && in_arm) || (on_column && in_leg);
}

/* board: size * size zeros on entry */
static inline void
life_first_board(int *board, long size)
{
  long top = size / 2 - 6;
  for (int r = 0; r < 13; r++)
    for (int c = 0; c < 13; c++)
      if (life_in_pulsar(r, c) && top + r >= 0 && top + r < size
          && top + c >= 0 && top + c < size)
        board[(top + r) * size + top + c] = 1;
  if (size >= 32) {
    board[1 * size + 2] = 1;
    board[2 * size + 3] = 1;
    board[3 * size + 1] = 1;
    board[3 * size + 2] = 1;
    board[3 * size + 3] = 1;
  }
}

/* the checksum: the sum of y * size + x + 1 over the live cells */
static inline long long
life_checksum(const int *board, long size)
{
  long long total = 0;
  for (long y = 0; y < size; y++)
    for (long x = 0; x < size; x++)
      if (board[y * size + x] == 1) total += y * size + x + 1;
  return total;
}

#endif
