#ifndef ARTFEED_CNCURSES_SHIM_H
#define ARTFEED_CNCURSES_SHIM_H
#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

// Macros are invisible to Swift; these wrappers expose what the backend uses.
static inline int artfeed_color_pair(int n) { return (int)COLOR_PAIR(n); }
static inline attr_t artfeed_a_bold(void) { return A_BOLD; }
static inline attr_t artfeed_a_dim(void) { return A_DIM; }
static inline attr_t artfeed_a_reverse(void) { return A_REVERSE; }
static inline attr_t artfeed_a_underline(void) { return A_UNDERLINE; }
static inline attr_t artfeed_a_normal(void) { return A_NORMAL; }
static inline int artfeed_lines(void) { return LINES; }
static inline int artfeed_cols(void) { return COLS; }
static inline int artfeed_key_resize(void) { return KEY_RESIZE; }
static inline int artfeed_key_mouse(void) { return KEY_MOUSE; }
static inline int artfeed_err(void) { return ERR; }
static inline WINDOW *artfeed_stdscr(void) { return stdscr; }
/// newterm on the process's own stdin/stdout (Swift cannot touch the C stdio globals safely).
static inline SCREEN *artfeed_newterm(void) { return newterm(NULL, stdout, stdin); }
/// True when the terminal can move the cursor (terminfo's cup): TERM=dumb cannot.
static inline int artfeed_can_address_cursor(void) {
  char *cup = tigetstr("cup");
  return cup != NULL && cup != (char *)-1;
}
static inline int artfeed_attr_set(attr_t attrs, short pair) { return attr_set(attrs, pair, NULL); }
static inline mmask_t artfeed_button4_pressed(void) { return BUTTON4_PRESSED; }
#ifdef BUTTON5_PRESSED
static inline mmask_t artfeed_button5_pressed(void) { return BUTTON5_PRESSED; }
#else
static inline mmask_t artfeed_button5_pressed(void) { return 0; }
/// Colours and pairs the terminal has (Swift 6 cannot read the COLORS/COLOR_PAIRS globals).
static inline int artfeed_colors(void) { return COLORS; }
static inline int artfeed_color_pairs(void) { return COLOR_PAIRS; }
/// True when the terminfo says direct colour (xterm-direct: the RGB flag).
static inline int artfeed_has_rgb(void) { return tigetflag("RGB") > 0; }
/// Sets attributes and an extended colour pair (any pair number ncurses supports).
static inline int artfeed_attr_set_pair(attr_t attrs, int pair) {
  return attr_set(attrs, (short)(pair <= 32767 ? pair : 0), &pair);
}
#endif
static inline mmask_t artfeed_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t artfeed_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t artfeed_button1_double_clicked(void) { return BUTTON1_DOUBLE_CLICKED; }
static inline mmask_t artfeed_all_mouse_events(void) { return ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION; }

/// Draws one grapheme cluster (given as wide characters, NUL-terminated, at most
/// CCHARW_MAX code points) at (y, x) with the given attributes and colour pair.
static inline int artfeed_put_cluster(int y, int x, const wchar_t *wch, attr_t attrs, short pair) {
  cchar_t cc;
  if (setcchar(&cc, wch, attrs, pair, NULL) != OK) return ERR;
  return mvadd_wch(y, x, &cc);
}
/// Colours and pairs the terminal has (Swift 6 cannot read the COLORS/COLOR_PAIRS globals).
static inline int artfeed_colors(void) { return COLORS; }
static inline int artfeed_color_pairs(void) { return COLOR_PAIRS; }
/// True when the terminfo says direct colour (xterm-direct: the RGB flag).
static inline int artfeed_has_rgb(void) { return tigetflag("RGB") > 0; }
/// Sets attributes and an extended colour pair (any pair number ncurses supports).
static inline int artfeed_attr_set_pair(attr_t attrs, int pair) {
  return attr_set(attrs, (short)(pair <= 32767 ? pair : 0), &pair);
}
#endif
