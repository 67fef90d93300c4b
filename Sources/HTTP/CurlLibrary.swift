import CCurl
import Foundation

/// libcurl, opened on the process's first request rather than linked: linked, it would make
/// every start of artfeed load libcurl and the libraries behind it (GnuTLS, Kerberos, LDAP,
/// SSH, ...) and run their initialisers before `main`, whether or not a command touches the
/// network (docs/adr/0084). `shared` is made once, on first use (`CurlLoop`).
struct CurlLibrary: @unchecked Sendable {
  // @unchecked: function addresses, never changed after `load`.
  typealias Handle = UnsafeMutableRawPointer
  let globalInit: @convention(c) (Int) -> CURLcode
  let easyInit: @convention(c) () -> Handle?
  let easyCleanup: @convention(c) (Handle?) -> Void
  let easyStrerror: @convention(c) (CURLcode) -> UnsafePointer<CChar>?
  let multiInit: @convention(c) () -> Handle?
  let multiAddHandle: @convention(c) (Handle?, Handle?) -> CURLMcode
  let multiRemoveHandle: @convention(c) (Handle?, Handle?) -> CURLMcode
  let multiPerform: @convention(c) (Handle?, UnsafeMutablePointer<Int32>?) -> CURLMcode
  let multiPoll:
    @convention(c) (
      Handle?, UnsafeMutablePointer<curl_waitfd>?, UInt32, Int32, UnsafeMutablePointer<Int32>?
    ) -> CURLMcode
  let multiTimeout: @convention(c) (Handle?, UnsafeMutablePointer<Int>?) -> CURLMcode
  let multiWakeup: @convention(c) (Handle?) -> CURLMcode
  let multiInfoRead:
    @convention(c) (Handle?, UnsafeMutablePointer<Int32>?) -> UnsafeMutablePointer<CURLMsg>?
  let slistAppend:
    @convention(c) (UnsafeMutablePointer<curl_slist>?, UnsafePointer<CChar>?) ->
      UnsafeMutablePointer<curl_slist>?
  let slistFreeAll: @convention(c) (UnsafeMutablePointer<curl_slist>?) -> Void
  /// `curl_easy_setopt` and `curl_easy_getinfo` are variadic: called through the shim's
  /// `artfeed_curl_setopt_*` and `artfeed_curl_getinfo_*`, which take these addresses.
  let setopt: UnsafeMutableRawPointer
  let getinfo: UnsafeMutableRawPointer

  /// The library, or why it could not be opened.
  static let shared: Result<CurlLibrary, LoadFailure> = load()

  struct LoadFailure: Error {
    let reason: String
  }

  /// The soname of the libcurl the headers came from (libcurl4-openssl-dev: the ABI of 7.x
  /// and 8.x, `libcurl.so.4`).
  static let soname = "libcurl.so.4"

  private static func load() -> Result<CurlLibrary, LoadFailure> {
    let library: DynamicLibrary
    switch DynamicLibrary.open(soname, flags: RTLD_NOW | RTLD_LOCAL) {
    case .success(let opened): library = opened
    case .failure(let failure): return .failure(LoadFailure(reason: failure.reason))
    }
    let loaded: CurlLibrary? = {
      guard
        let globalInit = library.symbol(
          "curl_global_init", as: (@convention(c) (Int) -> CURLcode).self),
        let easyInit = library.symbol("curl_easy_init", as: (@convention(c) () -> Handle?).self),
        let easyCleanup = library.symbol(
          "curl_easy_cleanup", as: (@convention(c) (Handle?) -> Void).self),
        let easyStrerror = library.symbol(
          "curl_easy_strerror", as: (@convention(c) (CURLcode) -> UnsafePointer<CChar>?).self),
        let multiInit = library.symbol("curl_multi_init", as: (@convention(c) () -> Handle?).self),
        let multiAddHandle = library.symbol(
          "curl_multi_add_handle", as: (@convention(c) (Handle?, Handle?) -> CURLMcode).self),
        let multiRemoveHandle = library.symbol(
          "curl_multi_remove_handle", as: (@convention(c) (Handle?, Handle?) -> CURLMcode).self),
        let multiPerform = library.symbol(
          "curl_multi_perform",
          as: (@convention(c) (Handle?, UnsafeMutablePointer<Int32>?) -> CURLMcode).self),
        let multiPoll = library.symbol(
          "curl_multi_poll",
          as: (@convention(c) (
            Handle?, UnsafeMutablePointer<curl_waitfd>?, UInt32, Int32,
            UnsafeMutablePointer<Int32>?
          ) -> CURLMcode).self),
        let multiTimeout = library.symbol(
          "curl_multi_timeout",
          as: (@convention(c) (Handle?, UnsafeMutablePointer<Int>?) -> CURLMcode).self),
        let multiWakeup = library.symbol(
          "curl_multi_wakeup", as: (@convention(c) (Handle?) -> CURLMcode).self),
        let multiInfoRead = library.symbol(
          "curl_multi_info_read",
          as: (@convention(c) (Handle?, UnsafeMutablePointer<Int32>?) ->
            UnsafeMutablePointer<CURLMsg>?).self),
        let slistAppend = library.symbol(
          "curl_slist_append",
          as: (@convention(c) (UnsafeMutablePointer<curl_slist>?, UnsafePointer<CChar>?) ->
            UnsafeMutablePointer<curl_slist>?).self),
        let slistFreeAll = library.symbol(
          "curl_slist_free_all",
          as: (@convention(c) (UnsafeMutablePointer<curl_slist>?) -> Void).self),
        let setopt = library.symbol("curl_easy_setopt", as: UnsafeMutableRawPointer.self),
        let getinfo = library.symbol("curl_easy_getinfo", as: UnsafeMutableRawPointer.self)
      else { return nil }
      return CurlLibrary(
        globalInit: globalInit, easyInit: easyInit, easyCleanup: easyCleanup,
        easyStrerror: easyStrerror, multiInit: multiInit, multiAddHandle: multiAddHandle,
        multiRemoveHandle: multiRemoveHandle, multiPerform: multiPerform, multiPoll: multiPoll,
        multiTimeout: multiTimeout, multiWakeup: multiWakeup, multiInfoRead: multiInfoRead,
        slistAppend: slistAppend, slistFreeAll: slistFreeAll, setopt: setopt, getinfo: getinfo)
    }()
    guard let loaded else {
      return .failure(
        LoadFailure(
          reason:
            "\(soname) lacks \(library.missing.joined(separator: ", ")) (libcurl 7.68 or later is needed)"
        ))
    }
    return .success(loaded)
  }
}
