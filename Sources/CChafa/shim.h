#ifndef ARTFEED_CCHAFA_SHIM_H
#define ARTFEED_CCHAFA_SHIM_H
#include <chafa.h>

// GLib's macros and enum flag types are awkward from Swift; these wrappers keep the Swift side
// to plain C integers. Everything else (canvas, config, symbol map) is called directly.

/// The symbol tags for colour modes: blocks, borders and space, without wide or ambiguous
/// symbols (a cell must advance exactly one column in every terminal).
static inline int artfeed_chafa_color_tags(void) {
  return (int)(CHAFA_SYMBOL_TAG_BLOCK | CHAFA_SYMBOL_TAG_BORDER | CHAFA_SYMBOL_TAG_SPACE);
}

/// The tags removed from every map: wide symbols and the ones chafa itself calls bad.
static inline int artfeed_chafa_excluded_tags(void) {
  return (int)(CHAFA_SYMBOL_TAG_WIDE | CHAFA_SYMBOL_TAG_BAD | CHAFA_SYMBOL_TAG_INVERTED);
}

/// The symbol tags for the no-colour mode's colour pass: space only, so each cell's
/// background is the average colour of its pixels.
static inline int artfeed_chafa_space_tags(void) {
  return (int)CHAFA_SYMBOL_TAG_SPACE;
}

static inline void artfeed_chafa_symbol_map_add(ChafaSymbolMap *map, int tags) {
  chafa_symbol_map_add_by_tags(map, (ChafaSymbolTags)tags);
}

static inline void artfeed_chafa_symbol_map_remove(ChafaSymbolMap *map, int tags) {
  chafa_symbol_map_remove_by_tags(map, (ChafaSymbolTags)tags);
}
#endif
