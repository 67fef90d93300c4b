import Foundation
import Testing

extension EndToEnd {
  /// `d` under tmux on the bundled feeds, the first thing a newcomer tries: offline, their
  /// full pictures are on hosts that do not exist.
  @Suite("Saving a picture")
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
  }
}
