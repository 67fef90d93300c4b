#ifndef ARTFEED_CJPEG_SHIM_H
#define ARTFEED_CJPEG_SHIM_H
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <turbojpeg.h>
#include <jpeglib.h>
#include <jerror.h>

// JPEG through libjpeg-turbo's TurboJPEG API, which reports errors by return value (no
// longjmp reaches Swift). Status codes shared by the decoder shims:
// 0 decoded, 1 not this format, 3 damaged (details in `message`).

/// Whether the frame is progressive (SOF2, SOF6, SOF10 or SOF14): libjpeg-turbo then holds
/// the whole image's DCT coefficients in memory while it decodes, at any output scale, so the
/// caller bounds such a file by its declared size. Walks the markers up to the first frame
/// header; 0 when there is none (the decode then fails on its own).
static inline int artfeed_jpeg_is_progressive(const uint8_t *data, size_t size) {
  size_t at = 2;
  if (size < 4 || data[0] != 0xFF || data[1] != 0xD8) return 0;
  while (at + 1 < size) {
    if (data[at] != 0xFF) return 0;
    uint8_t marker = data[at + 1];
    if (marker == 0xFF) { at += 1; continue; }
    at += 2;
    if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) continue;
    if (marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 &&
        marker != 0xCC) {
      return marker == 0xC2 || marker == 0xC6 || marker == 0xCA || marker == 0xCE;
    }
    if (at + 1 >= size) return 0;
    size_t length = ((size_t)data[at] << 8) | data[at + 1];
    if (length < 2) return 0;
    at += length;
  }
  return 0;
}

/// Reads the frame header only: width and height, no pixel memory.
static inline int artfeed_jpeg_info(const uint8_t *data, size_t size, int *width, int *height) {
  tjhandle handle = tjInitDecompress();
  if (handle == NULL) return 3;
  int subsampling = 0, colorspace = 0;
  int status = tjDecompressHeader3(handle, data, (unsigned long)size, width, height,
                                   &subsampling, &colorspace);
  tjDestroy(handle);
  return status == 0 ? 0 : 3;
}

/// The size libjpeg-turbo decodes a `width` x `height` JPEG to when the caller needs at least
/// `want_width` x `want_height`: the smallest of its scaling factors up to 1 (1/8, 1/4, 3/8,
/// 1/2, ...) that still covers the wanted size. Wanted sizes of 0 or less mean full size.
static inline void artfeed_jpeg_scaled_size(int width, int height, int want_width,
                                            int want_height, int *out_width, int *out_height) {
  *out_width = width;
  *out_height = height;
  if (want_width <= 0 || want_height <= 0) return;
  int count = 0;
  tjscalingfactor *factors = tjGetScalingFactors(&count);
  if (factors == NULL) return;
  for (int i = 0; i < count; i++) {
    tjscalingfactor f = factors[i];
    if (f.num > f.denom) continue;
    int w = TJSCALED(width, f), h = TJSCALED(height, f);
    if (w >= want_width && h >= want_height && (long)w * h < (long)*out_width * *out_height) {
      *out_width = w;
      *out_height = h;
    }
  }
}

/// True when the JPEG has an APP14 "Adobe" segment before its first scan: Adobe's CMYK
/// files (Photoshop's, Pillow's) store the channels inverted, as every browser assumes.
static inline int artfeed_jpeg_has_adobe_marker(const uint8_t *data, size_t size) {
  size_t i = 2;
  while (i + 4 <= size && data[i] == 0xFF) {
    uint8_t marker = data[i + 1];
    if (marker == 0xDA || marker == 0xD9) return 0;
    size_t length = ((size_t)data[i + 2] << 8) | data[i + 3];
    if (marker == 0xEE && length >= 7 && i + 9 <= size && memcmp(data + i + 4, "Adobe", 5) == 0)
      return 1;
    i += 2 + length;
  }
  return 0;
}

/// Turns `count` CMYK pixels into RGBA in place (4 bytes each either way).
static inline void artfeed_jpeg_cmyk_to_rgba(uint8_t *pixels, size_t count, int inverted) {
  for (size_t i = 0; i < count; i++) {
    uint8_t *p = pixels + i * 4;
    unsigned c = p[0], m = p[1], y = p[2], k = p[3];
    if (!inverted) {
      c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k;
    }
    p[0] = (uint8_t)((c * k + 127) / 255);
    p[1] = (uint8_t)((m * k + 127) / 255);
    p[2] = (uint8_t)((y * k + 127) / 255);
    p[3] = 255;
  }
}

/// Decodes into `rgba` (width * height * 4 bytes) at `width` x `height`, which is the full
/// size from artfeed_jpeg_info or a size from artfeed_jpeg_scaled_size (libjpeg-turbo then
/// scales while decoding, at a fraction of the cost). CMYK and YCCK files are decoded as CMYK
/// and converted. A warning such as stray bytes before a marker is tolerated; a fatal error
/// or a truncated file is not. `TJFLAG_LIMITSCANS` refuses progressive files with absurd
/// scan counts.
static inline int artfeed_jpeg_decode(const uint8_t *data, size_t size, int width, int height,
                                      uint8_t *rgba, char *message, size_t message_size) {
  tjhandle handle = tjInitDecompress();
  if (handle == NULL) return 3;
  int full_width = 0, full_height = 0, subsampling = 0, colorspace = 0;
  int status = tjDecompressHeader3(handle, data, (unsigned long)size, &full_width,
                                   &full_height, &subsampling, &colorspace);
  int cmyk = status == 0 && (colorspace == TJCS_CMYK || colorspace == TJCS_YCCK);
  // Scaled down, the fast IDCT and upsampling lose nothing the averaging after keeps.
  int flags = TJFLAG_LIMITSCANS;
  if (width < full_width) flags |= TJFLAG_FASTDCT | TJFLAG_FASTUPSAMPLE;
  if (status == 0) {
    status = tjDecompress2(handle, data, (unsigned long)size, rgba, width, 0, height,
                           cmyk ? TJPF_CMYK : TJPF_RGBA, flags);
  }
  int result = 0;
  if (status != 0) {
    const char *text = tjGetErrorStr2(handle);
    int fatal = tjGetErrorCode(handle) == TJERR_FATAL;
    int truncated = text != NULL && strstr(text, "Premature end") != NULL;
    if (fatal || truncated) {
      result = 3;
      if (message_size > 0) {
        strncpy(message, text != NULL ? text : "jpeg error", message_size - 1);
        message[message_size - 1] = 0;
      }
    }
  }
  if (result == 0 && cmyk) {
    artfeed_jpeg_cmyk_to_rgba(rgba, (size_t)width * (size_t)height,
                              artfeed_jpeg_has_adobe_marker(data, size));
  }
  tjDestroy(handle);
  return result;
}

// MARK: - One band of rows, for decoding a large picture on two cores

// libjpeg's own API (libjpeg-turbo's libjpeg.so.62): its errors longjmp, to a setjmp in the
// same C function, so no jump crosses a Swift frame.

typedef struct {
  struct jpeg_error_mgr manager;
  jmp_buf jump;
  int cut_short;
} artfeed_jpeg_errors;

static void artfeed_jpeg_error_exit(j_common_ptr info) {
  artfeed_jpeg_errors *errors = (artfeed_jpeg_errors *)info->err;
  longjmp(errors->jump, 1);
}

/// Warnings are counted, not printed; a file that ends early is one (libjpeg pads it grey),
/// and fails the band as the TurboJPEG path fails the picture.
static void artfeed_jpeg_emit_message(j_common_ptr info, int level) {
  artfeed_jpeg_errors *errors = (artfeed_jpeg_errors *)info->err;
  if (level < 0 && info->err->msg_code == JWRN_JPEG_EOF) errors->cut_short = 1;
}

/// Decodes output rows `first` ..< `end` of the picture scaled by `num`/8 (the sizes
/// artfeed_jpeg_scaled_size gives) into `rgba`, which holds the whole output (`width` *
/// `height` * 4 bytes; only the band's rows are written). Rows above the band are skipped
/// with jpeg_skip_scanlines, which still reads their entropy-coded data (Huffman codes run
/// on, so it cannot be skipped) but does no inverse DCT, upsampling or colour conversion:
/// about half the cost of decoding them. Settings match artfeed_jpeg_decode's (fast DCT
/// and upsampling when scaled), so the pixels are the same as its. 0, or 3 damaged, cut
/// short, not 3-channel YCbCr/RGB/grey, or of another size than `width` x `height`.
static inline int artfeed_jpeg_decode_band(const uint8_t *data, size_t size, int num,
                                           int width, int height, int first, int end,
                                           uint8_t *rgba) {
  struct jpeg_decompress_struct info;
  artfeed_jpeg_errors errors;
  memset(&info, 0, sizeof info);
  info.err = jpeg_std_error(&errors.manager);
  errors.manager.error_exit = artfeed_jpeg_error_exit;
  errors.manager.emit_message = artfeed_jpeg_emit_message;
  errors.cut_short = 0;
  volatile int result = 3;
  if (setjmp(errors.jump) == 0) {
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, (unsigned long)size);
    if (jpeg_read_header(&info, TRUE) == JPEG_HEADER_OK &&
        (info.jpeg_color_space == JCS_YCbCr || info.jpeg_color_space == JCS_RGB ||
         info.jpeg_color_space == JCS_GRAYSCALE) && !info.progressive_mode) {
      int full_width = (int)info.image_width;
      info.scale_num = (unsigned int)num;
      info.scale_denom = 8;
      info.out_color_space = JCS_EXT_RGBA;
      if (width < full_width) {
        info.dct_method = JDCT_IFAST;
        info.do_fancy_upsampling = FALSE;
      }
      jpeg_start_decompress(&info);
      if ((int)info.output_width == width && (int)info.output_height == height && first >= 0 &&
          first <= end && end <= height) {
        if (first > 0) jpeg_skip_scanlines(&info, (JDIMENSION)first);
        while ((int)info.output_scanline < end && !errors.cut_short) {
          JSAMPROW row = rgba + (size_t)info.output_scanline * (size_t)width * 4;
          if (jpeg_read_scanlines(&info, &row, 1) != 1) break;
        }
        if ((int)info.output_scanline >= end && !errors.cut_short) result = 0;
      }
    }
  }
  jpeg_destroy_decompress(&info);
  return result;
}

/// The scale, in eighths, at which libjpeg-turbo decodes a `width`-wide picture to
/// `scaled_width` (from artfeed_jpeg_scaled_size); 0 when no eighth gives it.
static inline int artfeed_jpeg_eighths(int width, int scaled_width) {
  for (int num = 1; num <= 16; num++) {
    tjscalingfactor factor = {num, 8};
    if (TJSCALED(width, factor) == scaled_width) return num;
  }
  return 0;
}
#endif
