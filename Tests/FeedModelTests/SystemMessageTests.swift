import Foundation
import TestSupport
import Testing

@testable import FeedModel

/// Foundation's errors in words: never "The operation could not be completed".
@Suite("System messages")
struct SystemMessageTests {
  @Test("POSIX errors, their own or underneath a Cocoa one, are strerror's words")
  func posix() {
    #expect(
      SystemMessage.words(NSError(domain: NSPOSIXErrorDomain, code: Int(ENOENT)))
        == "No such file or directory")
    let wrapped = NSError(
      domain: NSCocoaErrorDomain, code: 256,
      userInfo: [NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(EISDIR))])
    #expect(SystemMessage.words(wrapped) == "Is a directory")
  }

  @Test("Foundation's real file errors come out in words")
  func realErrors() throws {
    let temp = try TempDirectory()
    defer { temp.remove() }
    var errors: [any Error] = []
    do { _ = try Data(contentsOf: temp.url) } catch { errors.append(error) }
    do { _ = try Data(contentsOf: temp.url.appendingPathComponent("missing")) } catch {
      errors.append(error)
    }
    do {
      try Data().write(to: temp.url.appendingPathComponent("missing/folder/file"))
    } catch { errors.append(error) }
    #expect(errors.count == 3)
    for error in errors {
      let words = SystemMessage.words(error)
      #expect(!words.contains("Domain") && !words.contains("could not be completed"), "\(words)")
      #expect(words != "an unexpected system error", "\(error)")
    }
  }
}
