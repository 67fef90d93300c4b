import Foundation

/// The kitty graphics protocol's commands (APC `G`), as bytes to write to the terminal.
///
/// Every command is quiet (`q=2`): the terminal answers nothing, so no reply can reach the
/// key input. Pictures are sent as PNG (`f=100`) under an id and shown by placements, each
/// with an id of its own, so a placement can be moved or deleted without sending the
/// picture again.
public enum KittyGraphics {
  /// Base64 characters per chunk: the protocol's limit.
  static let chunkSize = 4096

  /// Sends `png` under `id` without showing it (`a=t`), in chunks: one command each.
  public static func transmit(png: [UInt8], id: UInt32) -> [[UInt8]] {
    transmit(payload: png, format: "f=100", id: id)
  }

  /// Sends raw RGBA pixels under `id` (`f=32`): no encoding at all, for pictures so large
  /// that compressing them would cost more time than the bytes cost.
  public static func transmit(rgba picture: Picture, id: UInt32) -> [[UInt8]] {
    transmit(payload: picture.pixels, format: "f=32,s=\(picture.width),v=\(picture.height)", id: id)
  }

  /// Adds a frame to animation `id` (`a=f`): a PNG with the whole picture's area, shown for
  /// `gap` milliseconds. Frames are numbered in the order they arrive, from 2 (the picture
  /// sent with `a=t` is frame 1). `X=1` replaces the canvas instead of blending onto it: each
  /// frame is already composed.
  public static func frame(png: [UInt8], id: UInt32, gap: Int) -> [[UInt8]] {
    transmit(payload: png, format: "f=100", id: id, action: "a=f,X=1,z=\(max(1, gap))")
  }

  /// Adds a frame of raw RGBA pixels to animation `id` (see `frame(png:id:gap:)`).
  public static func frame(rgba picture: Picture, id: UInt32, gap: Int) -> [[UInt8]] {
    transmit(
      payload: picture.pixels, format: "f=32,s=\(picture.width),v=\(picture.height)", id: id,
      action: "a=f,X=1,z=\(max(1, gap))")
  }

  /// Sets the gap of frame `frame` (from 1) of animation `id`: the first frame gets its gap
  /// this way, since `a=t` has none.
  public static func gap(id: UInt32, frame: Int, milliseconds: Int) -> [UInt8] {
    Array("\u{1B}_Ga=a,i=\(id),r=\(frame),z=\(max(1, milliseconds)),q=2\u{1B}\\".utf8)
  }

  /// Runs animation `id` in the terminal (`s=3`) for `loops` plays (0: forever), or stops it
  /// on the frame showing (`s=1`). kitty counts `v=1` as forever and `v=n` as n - 1 loops,
  /// and stopping resets its count, so running again after a stop plays the loops again.
  public static func animate(id: UInt32, running: Bool, loops: Int) -> [UInt8] {
    let keys =
      running ? "s=3,v=\(loops > 0 ? min(loops, Int(Int32.max) - 1) + 1 : 1)" : "s=1"
    return Array("\u{1B}_Ga=a,i=\(id),\(keys),q=2\u{1B}\\".utf8)
  }

  private static func transmit(
    payload bytes: [UInt8], format: String, id: UInt32, action: String = "a=t"
  ) -> [[UInt8]] {
    let payload = Array(Data(bytes).base64EncodedString().utf8)
    var commands: [[UInt8]] = []
    var start = 0
    repeat {
      let end = min(payload.count, start + chunkSize)
      let more = end < payload.count ? 1 : 0
      // The protocol asks for `a=f` in every chunk of a frame; a picture's later chunks need
      // only `m`.
      let keys =
        start == 0
        ? "\(action),\(format),t=d,i=\(id),q=2,m=\(more)"
        : action == "a=t" ? "m=\(more)" : "a=f,q=2,m=\(more)"
      commands.append(Array("\u{1B}_G\(keys);".utf8) + payload[start..<end] + [0x1B, 0x5C])
      start = end
    } while start < payload.count
    return commands
  }

  /// Shows part of picture `id` at the cursor as placement `placement`, at its own pixel size:
  /// the `width` x `height` pixels from (`x`, `y`). The cursor does not move (`C=1`). A
  /// placement id that is already shown moves there.
  public static func place(
    id: UInt32, placement: UInt32, x: Int, y: Int, width: Int, height: Int
  ) -> [UInt8] {
    Array(
      "\u{1B}_Ga=p,i=\(id),p=\(placement),x=\(x),y=\(y),w=\(width),h=\(height),C=1,q=2\u{1B}\\"
        .utf8)
  }

  /// Removes one placement; the picture stays with the terminal.
  public static func deletePlacement(id: UInt32, placement: UInt32) -> [UInt8] {
    Array("\u{1B}_Ga=d,d=i,i=\(id),p=\(placement),q=2\u{1B}\\".utf8)
  }

  /// Removes a picture and its placements, and frees its data in the terminal.
  public static func deleteImage(id: UInt32) -> [UInt8] {
    Array("\u{1B}_Ga=d,d=I,i=\(id),q=2\u{1B}\\".utf8)
  }

  /// Removes every placement on the screen; the pictures stay with the terminal.
  public static let deleteAllPlacements = Array("\u{1B}_Ga=d,d=a,q=2\u{1B}\\".utf8)

  /// The query that only a terminal speaking the protocol answers (`ESC _Gi=31;OK ESC \`): a
  /// one-pixel picture sent for checking only (`a=q`, nothing is kept).
  public static let query = Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\".utf8)
}

/// iTerm2's inline images (OSC 1337 `File=`), as bytes to write to the terminal.
public enum ITermGraphics {
  /// Shows `file` (a PNG or TIFF) at the cursor, stretched to `columns` x `rows` cells (the
  /// picture is made at exactly that size, so nothing is stretched in fact).
  public static func image(png file: [UInt8], columns: Int, rows: Int) -> [UInt8] {
    let head =
      "\u{1B}]1337;File=inline=1;size=\(file.count);width=\(columns);height=\(rows);"
      + "preserveAspectRatio=0:"
    return Array(head.utf8) + Array(Data(file).base64EncodedString().utf8) + [0x07]
  }
}

/// tmux's passthrough (`allow-passthrough on`): a sequence for the outer terminal, wrapped
/// as `ESC P tmux; ... ESC \` with every ESC inside doubled.
public enum TmuxPassthrough {
  public static func wrap(_ sequence: [UInt8]) -> [UInt8] {
    var out: [UInt8] = Array("\u{1B}Ptmux;".utf8)
    out.reserveCapacity(sequence.count + sequence.count / 8 + 16)
    for byte in sequence {
      if byte == 0x1B { out.append(0x1B) }
      out.append(byte)
    }
    return out + [0x1B, 0x5C]
  }
}
