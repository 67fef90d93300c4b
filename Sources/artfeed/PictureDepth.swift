import ArgumentParser
import Pictures

/// `render --colors`: the colour depth pictures are converted for.
enum PictureDepth: String, ExpressibleByArgument, CaseIterable {
  case truecolor
  case indexed256 = "256"
  case indexed8 = "8"
  case none

  var depth: ColorDepth {
    switch self {
    case .truecolor: .truecolor
    case .indexed256: .indexed256
    case .indexed8: .indexed8
    case .none: .none
    }
  }
}
