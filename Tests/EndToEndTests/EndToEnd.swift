import Testing

/// The suites that run the real binary (under tmux, or as a script would), nested here so
/// that they share one way of running: each test case on a thread of its own, at most four at
/// once, long ones and the serialized sync chain first (`.ownThread`, `.long`, `.chain`, in
/// Support/OwnThread.swift). They are independent: each has its own tmux server (`tmux -L`),
/// data home, scratch folders and loopback server; the suites that share something say so
/// with `.serialized`.
///
/// Swift Testing's "passed after N seconds" counts the wait for a slot too; with
/// ARTFEED_E2E_LOG=FILE, each test case's start and length are written to FILE.
/// ARTFEED_E2E_WIDTH=N (or SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH) runs N at once.
///
/// Skipped with a reason when tmux is missing; `Prerequisites` fails instead under
/// ARTFEED_REQUIRE_E2E=1 (CI).
@Suite(
  "End to end under tmux", .ownThread,
  .enabled(
    if: Tmux.executable != nil,
    "tmux is not installed: apt-get install tmux to run them (ARTFEED_REQUIRE_E2E=1 fails instead)"
  ))
enum EndToEnd {}

/// Runs even when tmux is missing, so that CI notices.
@Suite("End-to-end prerequisites")
struct Prerequisites {
  @Test("tmux is available when the end-to-end tests are required")
  func required() {
    if Tmux.isRequired { #expect(Tmux.executable != nil) }
  }
}
