#ifndef ARTFEED_CCHAFA_SHIM_H
#define ARTFEED_CCHAFA_SHIM_H
#include <stddef.h>
#include <stdint.h>
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
/// Encodes RGBA8 pixels (`width` x `height`, exactly `columns` x `rows` cells of
/// `cell_width` x `cell_height` pixels) as one sixel image: DCS ... ST, transparent where
/// alpha is 0 (P2 = 1). Returns the bytes in a GString the caller frees with
/// artfeed_chafa_free_string, or NULL.
static inline GString *artfeed_chafa_sixels(const uint8_t *rgba, int width, int height,
                                            int columns, int rows, int cell_width,
                                            int cell_height) {
  ChafaCanvasConfig *config = chafa_canvas_config_new();
  chafa_canvas_config_set_geometry(config, columns, rows);
  chafa_canvas_config_set_cell_geometry(config, cell_width, cell_height);
  chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SIXELS);
  chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR);
  chafa_canvas_config_set_dither_mode(config, CHAFA_DITHER_MODE_NONE);
  ChafaCanvas *canvas = chafa_canvas_new(config);
  chafa_canvas_config_unref(config);
  if (canvas == NULL) return NULL;
  chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, rgba, width, height,
                               width * 4);
  ChafaTermInfo *info = chafa_term_db_get_fallback_info(chafa_term_db_get_default());
  GString *text = chafa_canvas_print(canvas, info);
  chafa_term_info_unref(info);
  chafa_canvas_unref(canvas);
  return text;
}

static inline const uint8_t *artfeed_chafa_string_bytes(GString *text) {
  return (const uint8_t *)text->str;
}

static inline size_t artfeed_chafa_string_length(GString *text) { return text->len; }

static inline void artfeed_chafa_free_string(GString *text) { g_string_free(text, TRUE); }
#endif
