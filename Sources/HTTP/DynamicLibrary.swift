import Foundation

/// A C library opened with `dlopen` instead of linked, its functions read by name: libcurl on
/// the first request (docs/adr/0084). Never closed: the addresses it gives stay valid for the
/// process.
final class DynamicLibrary {
  private let handle: UnsafeMutableRawPointer
  /// The names asked for that the library lacks, in the order they were asked for.
  private(set) var missing: [String] = []

  struct OpenFailure: Error {
    let reason: String
  }

  private init(handle: UnsafeMutableRawPointer) {
    self.handle = handle
  }

  /// Opens `soname` with `flags` (`RTLD_NOW` or `RTLD_LAZY`, with `RTLD_LOCAL`), or says why
  /// it could not, in `dlerror`'s words.
  static func open(_ soname: String, flags: Int32) -> Result<DynamicLibrary, OpenFailure> {
    guard let handle = dlopen(soname, flags) else {
      let reason = dlerror().map { String(cString: $0) } ?? "cannot open \(soname)"
      return .failure(OpenFailure(reason: reason))
    }
    return .success(DynamicLibrary(handle: handle))
  }

  /// The function `name` as `type` (a `@convention(c)` type, or a raw address for a variadic
  /// function called through a shim); nil, and `name` noted in `missing`, when it is absent.
  func symbol<Function>(_ name: String, as type: Function.Type) -> Function? {
    guard let address = dlsym(handle, name) else {
      missing.append(name)
      return nil
    }
    return unsafeBitCast(address, to: type)
  }
}
