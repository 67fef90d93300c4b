#ifndef ARTFEED_CGIF_SHIM_H
#define ARTFEED_CGIF_SHIM_H
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <gif_lib.h>

// GIF through giflib, which reports errors by return value. Only the first frame is read,
// record by record (not DGifSlurp, which would allocate every frame at its claimed size).
// Status codes as in the other decoder shims: 0 decoded, 2 frame too large, 3 damaged.

/// The bytes giflib reads from: a span of memory and a read position.
typedef struct {
  const uint8_t *data;
  size_t size;
  size_t position;
} artfeed_gif_source;

static inline int artfeed_gif_read(GifFileType *gif, GifByteType *buffer, int wanted) {
  artfeed_gif_source *source = (artfeed_gif_source *)gif->UserData;
  size_t left = source->size - source->position;
  size_t count = wanted < 0 ? 0 : (size_t)wanted;
  if (count > left) count = left;
  memcpy(buffer, source->data + source->position, count);
  source->position += count;
  return (int)count;
}

/// Reads the logical screen descriptor only: the canvas the first frame is drawn onto.
static inline int artfeed_gif_info(const uint8_t *data, size_t size, int *width, int *height) {
  artfeed_gif_source source = {data, size, 0};
  int error = 0;
  GifFileType *gif = DGifOpen(&source, artfeed_gif_read, &error);
  if (gif == NULL) return 3;
  *width = gif->SWidth;
  *height = gif->SHeight;
  DGifCloseFile(gif, &error);
  return (*width > 0 && *height > 0) ? 0 : 3;
}

/// Remembers the transparent colour index of a graphic control extension (-1 for none).
static inline int artfeed_gif_skip_extension(GifFileType *gif, int *transparent) {
  int code = 0;
  GifByteType *block = NULL;
  if (DGifGetExtension(gif, &code, &block) != GIF_OK) return 3;
  if (code == GRAPHICS_EXT_FUNC_CODE && block != NULL && block[0] >= 4) {
    *transparent = (block[1] & 0x01) ? block[4] : -1;
  }
  while (block != NULL) {
    if (DGifGetExtensionNext(gif, &block) != GIF_OK) return 3;
  }
  return 0;
}

/// Reads the first frame's rows (in interlaced order when it is interlaced) and paints them
/// onto the canvas through the colour map; transparent and out-of-map indices stay clear.
static inline int artfeed_gif_paint_frame(GifFileType *gif, int transparent, uint8_t *rgba) {
  GifImageDesc *frame = &gif->Image;
  ColorMapObject *map = frame->ColorMap != NULL ? frame->ColorMap : gif->SColorMap;
  if (map == NULL || frame->Width <= 0 || frame->Height <= 0) return 3;
  GifPixelType *line = (GifPixelType *)malloc((size_t)frame->Width);
  if (line == NULL) return 3;
  static const int starts[] = {0, 4, 2, 1}, steps[] = {8, 8, 4, 2};
  int passes = frame->Interlace ? 4 : 1;
  for (int pass = 0; pass < passes; pass++) {
    int start = frame->Interlace ? starts[pass] : 0, step = frame->Interlace ? steps[pass] : 1;
    for (int row = start; row < frame->Height; row += step) {
      if (DGifGetLine(gif, line, frame->Width) != GIF_OK) { free(line); return 3; }
      int y = frame->Top + row;
      if (y >= gif->SHeight) continue;
      for (int column = 0; column < frame->Width; column++) {
        int x = frame->Left + column, index = line[column];
        if (x >= gif->SWidth || index == transparent || index >= map->ColorCount) continue;
        uint8_t *pixel = rgba + ((size_t)y * (size_t)gif->SWidth + (size_t)x) * 4;
        pixel[0] = map->Colors[index].Red;
        pixel[1] = map->Colors[index].Green;
        pixel[2] = map->Colors[index].Blue;
        pixel[3] = 255;
      }
    }
  }
  free(line);
  return 0;
}

/// Decodes the first frame onto a clear canvas of the screen's size (`rgba`, width * height
/// * 4 bytes, sizes from artfeed_gif_info). A frame over `max_pixels` is refused before its
/// rows are read; `frame_width`/`frame_height` then say what it claimed.
static inline int artfeed_gif_decode(const uint8_t *data, size_t size, int width, int height,
                                     uint64_t max_pixels, uint8_t *rgba,
                                     int *frame_width, int *frame_height) {
  artfeed_gif_source source = {data, size, 0};
  int error = 0, transparent = -1, result = 3;
  GifFileType *gif = DGifOpen(&source, artfeed_gif_read, &error);
  if (gif == NULL) return 3;
  memset(rgba, 0, (size_t)width * (size_t)height * 4);
  for (;;) {
    GifRecordType type = UNDEFINED_RECORD_TYPE;
    if (gif->SWidth != width || gif->SHeight != height) break;
    if (DGifGetRecordType(gif, &type) != GIF_OK) break;
    if (type == EXTENSION_RECORD_TYPE) {
      if (artfeed_gif_skip_extension(gif, &transparent) != 0) break;
      continue;
    }
    if (type != IMAGE_DESC_RECORD_TYPE) break;
    if (DGifGetImageDesc(gif) != GIF_OK) break;
    *frame_width = gif->Image.Width;
    *frame_height = gif->Image.Height;
    if ((uint64_t)gif->Image.Width * (uint64_t)gif->Image.Height > max_pixels) {
      result = 2;
      break;
    }
    result = artfeed_gif_paint_frame(gif, transparent, rgba);
    break;
  }
  DGifCloseFile(gif, &error);
  return result;
}

// MARK: - Animation, frame by frame

/// An open GIF read frame by frame: the reader and where its bytes are (the source must
/// outlive it, so both live in one allocation).
typedef struct {
  artfeed_gif_source source;
  GifFileType *gif;
} artfeed_gif_animation;

/// The next frame's description, from its graphic control extension and image descriptor.
typedef struct {
  int left, top, width, height;
  /// Hundredths of a second, as stored (the caller applies the browsers' minimum).
  int delay;
  /// 0 or 1 keep, 2 clear the frame's rectangle, 3 restore what was there before.
  int disposal;
  int transparent;
  /// Loop count from a NETSCAPE2.0 extension met so far, -1 when none (0 means forever).
  int loops;
} artfeed_gif_frame;

/// Opens `data` for reading frame by frame; NULL when it is no GIF.
static inline artfeed_gif_animation *artfeed_gif_animation_open(const uint8_t *data,
                                                                size_t size) {
  artfeed_gif_animation *animation = (artfeed_gif_animation *)calloc(1, sizeof *animation);
  if (animation == NULL) return NULL;
  animation->source = (artfeed_gif_source){data, size, 0};
  int error = 0;
  animation->gif = DGifOpen(&animation->source, artfeed_gif_read, &error);
  if (animation->gif == NULL) {
    free(animation);
    return NULL;
  }
  return animation;
}

static inline void artfeed_gif_animation_close(artfeed_gif_animation *animation) {
  if (animation == NULL) return;
  int error = 0;
  DGifCloseFile(animation->gif, &error);
  free(animation);
}

/// Reads records up to the next image descriptor and describes that frame. Returns 0 with a
/// frame to paint next, 1 at the trailer (the end), 3 when the data is damaged or cut short.
static inline int artfeed_gif_animation_next(artfeed_gif_animation *animation,
                                             artfeed_gif_frame *frame) {
  GifFileType *gif = animation->gif;
  frame->delay = 0;
  frame->disposal = 0;
  frame->transparent = -1;
  for (;;) {
    GifRecordType type = UNDEFINED_RECORD_TYPE;
    if (DGifGetRecordType(gif, &type) != GIF_OK) return 3;
    if (type == TERMINATE_RECORD_TYPE) return 1;
    if (type == EXTENSION_RECORD_TYPE) {
      int code = 0;
      GifByteType *block = NULL;
      if (DGifGetExtension(gif, &code, &block) != GIF_OK) return 3;
      int netscape = code == APPLICATION_EXT_FUNC_CODE && block != NULL && block[0] >= 11 &&
                     memcmp(block + 1, "NETSCAPE2.0", 11) == 0;
      if (code == GRAPHICS_EXT_FUNC_CODE && block != NULL && block[0] >= 4) {
        frame->transparent = (block[1] & 0x01) ? block[4] : -1;
        frame->disposal = (block[1] >> 2) & 0x07;
        frame->delay = block[2] | (block[3] << 8);
      }
      while (block != NULL) {
        if (DGifGetExtensionNext(gif, &block) != GIF_OK) return 3;
        if (netscape && block != NULL && block[0] >= 3 && block[1] == 1) {
          frame->loops = block[2] | (block[3] << 8);
          netscape = 0;
        }
      }
      continue;
    }
    if (type != IMAGE_DESC_RECORD_TYPE) return 3;
    if (DGifGetImageDesc(gif) != GIF_OK) return 3;
    frame->left = gif->Image.Left;
    frame->top = gif->Image.Top;
    frame->width = gif->Image.Width;
    frame->height = gif->Image.Height;
    return 0;
  }
}

/// Paints the frame `artfeed_gif_animation_next` described onto `canvas` (the logical
/// screen's size, RGBA); transparent pixels leave the canvas as it was. 0 or 3 (damaged).
static inline int artfeed_gif_animation_paint(artfeed_gif_animation *animation,
                                              const artfeed_gif_frame *frame,
                                              uint8_t *canvas) {
  return artfeed_gif_paint_frame(animation->gif, frame->transparent, canvas);
}

/// How many frames the GIF holds, counting up to `enough`: the blocks are walked, the image
/// data skipped without decoding it. Damage ends the count.
static inline int artfeed_gif_frame_count(const uint8_t *data, size_t size, int enough) {
  artfeed_gif_source source = {data, size, 0};
  int error = 0, count = 0;
  GifFileType *gif = DGifOpen(&source, artfeed_gif_read, &error);
  if (gif == NULL) return 0;
  while (count < enough) {
    GifRecordType type = UNDEFINED_RECORD_TYPE;
    if (DGifGetRecordType(gif, &type) != GIF_OK || type == TERMINATE_RECORD_TYPE) break;
    GifByteType *block = NULL;
    if (type == EXTENSION_RECORD_TYPE) {
      int code = 0;
      if (DGifGetExtension(gif, &code, &block) != GIF_OK) break;
      while (block != NULL && DGifGetExtensionNext(gif, &block) == GIF_OK) {}
      if (block != NULL) break;
      continue;
    }
    if (type != IMAGE_DESC_RECORD_TYPE || DGifGetImageDesc(gif) != GIF_OK) break;
    int code_size = 0;
    if (DGifGetCode(gif, &code_size, &block) != GIF_OK) break;
    while (block != NULL && DGifGetCodeNext(gif, &block) == GIF_OK) {}
    if (block != NULL) break;
    count += 1;
  }
  DGifCloseFile(gif, &error);
  return count;
}
#endif
