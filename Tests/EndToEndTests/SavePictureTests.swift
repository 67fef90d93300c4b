import Foundation
import Testing

extension EndToEnd {
  /// `d` and `p` under tmux on the bundled feeds, the first things a newcomer tries: offline,
  /// their full pictures are on hosts that do not exist.
  @Suite("Saving and viewing a picture")
  struct SavePictureTests {
    @Test("d saves the best copy artfeed has and says which; d again says where it already is")
    func saveOffline() throws {
      let scratch = try Scratch()
      let pictures = scratch.path("pictures")
      let tmux = try Tmux.shell(width: 160, height: 20)
      try tmux.enter(
        "XDG_PICTURES_DIR=\(pictures) XDG_CACHE_HOME=\(scratch.path("cache")) \"$ARTFEED\" "
          + "--no-images --offline; echo EXIT=$?")
      try tmux.waitFor("the list") { $0.last?.contains("1/") == true }
      try tmux.send("d")
      let saved = try tmux.waitFor("the save") { $0.last?.contains("Saved") == true }
      let line = saved.last ?? ""
      #expect(line.contains("Saved the thumbnail ("), "\(line)")
      #expect(line.contains("from a local file) to \(pictures)/artfeed/"), "\(line)")
      let files = try FileManager.default.contentsOfDirectory(atPath: pictures + "/artfeed")
      #expect(files.count == 2, "the picture and its sidecar: \(files)")
      try tmux.send("j", "k", "d")
      let again = try tmux.waitFor("the second save") {
        $0.last?.contains("Already saved") == true
      }
      #expect(again.last?.contains("\(pictures)/artfeed/") == true, "\(again.last ?? "")")
      let after = try FileManager.default.contentsOfDirectory(atPath: pictures + "/artfeed")
      #expect(after.sorted() == files.sorted(), "no second copy: \(after)")
      try tmux.send("q")
      try tmux.waitFor("the exit status") { $0.contains { $0.hasPrefix("EXIT=0") } }
    }

    @Test("p hands the picture's file to the config's viewer as one argument, never a shell")
    func viewer() throws {
      let scratch = try Scratch()
      let record = scratch.path("viewer-args")
      let script = scratch.path("fakeview")
      // Written aside, then moved: the test never reads it half written.
      try """
      #!/bin/sh
      for a in "$@"; do printf '%s\\n' "$a"; done > '\(record).new'
      mv '\(record).new' '\(record)'

      """.write(
        toFile: script, atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
      let config = scratch.path("config/artfeed")
      try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
      try "[general]\nviewer = \(script) --fit %s\n".write(
        toFile: config + "/config", atomically: true, encoding: .utf8)
      // A cache folder with a blank and a ; in its name: a shell would split or run it.
      let cache = scratch.path("cache dir;x")
      let tmux = try Tmux.shell(width: 120, height: 24)
      try tmux.enter(
        "XDG_CONFIG_HOME=\(scratch.path("config")) XDG_CACHE_HOME='\(cache)' \"$ARTFEED\" "
          + "--no-images --offline; echo EXIT=$?")
      try tmux.waitFor("the list") { $0.last?.contains("1/") == true }
      try tmux.send("p")
      let opened = try tmux.waitFor("the viewer started") {
        $0.last?.contains("Opening the picture in fakeview") == true
      }
      #expect(opened.last?.contains("the thumbnail (") == true, "\(opened.last ?? "")")
      try poll("the viewer's arguments") { FileManager.default.fileExists(atPath: record) }
      let words = try String(contentsOfFile: record, encoding: .utf8)
        .split(separator: "\n").map(String.init)
      #expect(words.count == 2 && words.first == "--fit", "\(words)")
      let file = try #require(words.last)
      #expect(file.hasPrefix(cache + "/artfeed/viewer/"), "\(file)")
      let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
      #expect(bytes.count > 100, "the picture's bytes are there for the viewer")
      // In the item view, p hands over the picture shown.
      try FileManager.default.removeItem(atPath: record)
      try tmux.send("Enter", "p")
      try poll("the viewer's arguments from the item view") {
        FileManager.default.fileExists(atPath: record)
      }
      try tmux.send("Escape", "q")
      try tmux.waitFor("the exit status") { $0.contains { $0.hasPrefix("EXIT=0") } }
    }
  }
}
