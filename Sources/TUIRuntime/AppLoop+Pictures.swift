extension AppLoop {
  /// The picture loader (nil without an image loader), so the wiring can hand it the
  /// backend's preparer: pictures are then encoded for the terminal in their loading tasks.
  public var pictureLoader: PictureLoader? { runner.pictures }
}
