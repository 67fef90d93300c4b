/// artfeed's version: `--version` prints it and every HTTP request names it (DeviantArt
/// refuses requests without a User-Agent).
public enum ArtfeedVersion {
  public static let number = "0.2.0"
}
