import Foundation
import HTTP

/// How requests are written and answers read: form encoding, continuations, labels, the
/// one-line errors for answers that are not a success.
extension GReaderClient {
  static func formEncoded(_ pairs: [(String, String)]) -> String {
    pairs.map { "\(percentEncoded($0.0))=\(percentEncoded($0.1))" }.joined(separator: "&")
  }

  /// Every byte but the unreserved ones (RFC 3986) percent-encoded.
  static func percentEncoded(_ text: String) -> String {
    var out = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        out.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        out += String(format: "%%%02X", byte)
      }
    }
    return out
  }

  static func continuation(_ value: GReaderJSON.Flexible?) -> String? {
    guard let text = value?.text, !text.isEmpty else { return nil }
    return text
  }

  static func labelName(_ id: String) -> String? {
    guard let range = ServerText.range(of: "/label/", in: id[...]) else { return nil }
    return String(id[range.upperBound...])
  }

  /// The text of a 200 answer; an HTML page is `.notAPI`.
  static func text(_ response: HTTPResponse, from what: String) throws(AccountError) -> String {
    try refuseHTML(response, what: what)
    return String(decoding: response.body, as: UTF8.self)
  }

  /// `.notAPI` for an answer that is an HTML page (a login page, a web front end, a proxy's
  /// error page): the URL is not the API's. Judged by the body, not `Content-Type`: FreshRSS
  /// sends some JSON answers as `text/html`.
  static func refuseHTML(_ response: HTTPResponse, what: String) throws(AccountError) {
    let start = response.body.prefix(512).drop {
      $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09
    }
    guard start.first == UInt8(ascii: "<") else { return }
    throw AccountError(
      .notAPI,
      "\(what): the server answered an HTML page, not the Google Reader API "
        + "(FreshRSS's is https://HOST/api/greader.php)")
  }

  /// The error for an answer that is not a success.
  static func failure(_ response: HTTPResponse, what: String) -> AccountError {
    if response.status == 200 || response.status == 404 || response.status == 405 {
      if (try? refuseHTML(response, what: what)) == nil {
        return AccountError(
          .notAPI,
          "\(what): the server answered an HTML page, not the Google Reader API "
            + "(FreshRSS's is https://HOST/api/greader.php)")
      }
      return AccountError(.notAPI, "\(what): HTTP \(response.status): not the Google Reader API")
    }
    switch response.status {
    case 401, 403: return AccountError(.badLogin, "\(what): HTTP \(response.status): login refused")
    case 400...499:
      let said = oneLine(String(decoding: response.body.prefix(200), as: UTF8.self))
      return AccountError(
        .refused, "\(what): HTTP \(response.status)\(said.isEmpty ? "" : ": " + said)")
    default:
      return AccountError(.unavailable, "\(what): server error (HTTP \(response.status))")
    }
  }

  static func oneLine(_ text: String) -> String { ServerText.oneLine(text, limit: 120) }
}
