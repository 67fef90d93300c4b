import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Errors from Foundation and the system in words a reader can act on.
///
/// Foundation's own text for a file error is "The operation could not be completed.
/// (NSCocoaErrorDomain error 256.)", which says nothing; the POSIX reason underneath
/// ("Is a directory", "Permission denied") says what is wrong. No message artfeed prints
/// quotes `localizedDescription`.
public enum SystemMessage {
  /// The reason `error` gives, in words: the POSIX reason when there is one (its own or the
  /// underlying error's), else a sentence for the common Cocoa file errors.
  public static func words(_ error: any Error) -> String {
    let error = error as NSError
    if error.domain == NSPOSIXErrorDomain { return posix(Int32(error.code)) }
    // `as? NSError` does not bridge on Linux: take any error, then convert it.
    if let underlying = (error.userInfo[NSUnderlyingErrorKey] as? any Error).map({ $0 as NSError }),
      underlying.domain == NSPOSIXErrorDomain
    {
      return posix(Int32(underlying.code))
    }
    if error.domain == NSCocoaErrorDomain, let words = cocoa[error.code] { return words }
    return "an unexpected system error"
  }

  /// The system's sentence for an `errno` value ("No such file or directory").
  public static func posix(_ code: Int32) -> String {
    String(cString: strerror(code))
  }

  private static let cocoa: [Int: String] = [
    CocoaError.fileNoSuchFile.rawValue: posix(ENOENT),
    CocoaError.fileReadNoSuchFile.rawValue: posix(ENOENT),
    CocoaError.fileReadNoPermission.rawValue: posix(EACCES),
    CocoaError.fileWriteNoPermission.rawValue: posix(EACCES),
    CocoaError.fileWriteOutOfSpace.rawValue: posix(ENOSPC),
    CocoaError.fileWriteVolumeReadOnly.rawValue: posix(EROFS),
    CocoaError.fileReadTooLarge.rawValue: posix(EFBIG),
    CocoaError.fileReadCorruptFile.rawValue: "the file is damaged",
    CocoaError.fileReadInapplicableStringEncoding.rawValue: "the file is not text",
    CocoaError.fileLocking.rawValue: "the file is locked",
    CocoaError.fileWriteFileExists.rawValue: posix(EEXIST),
    CocoaError.executableNotLoadable.rawValue: "it cannot be run",
  ]
}
