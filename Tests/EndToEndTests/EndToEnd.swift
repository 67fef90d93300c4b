import Testing

/// The suites that run the real binary (under tmux, or as a script would), nested here so they
/// run one at a time: each starts its own processes and waits for them, and the machine is
/// shared (two cores). A waiting test holds one of the cooperative pool's threads (two here);
/// with one such test at a time, the other thread stays free for the async tests and for the
/// work these tests wait on.
///
/// Skipped with a reason when tmux is missing; `Prerequisites` fails instead under
/// ARTFEED_REQUIRE_E2E=1 (CI).
@Suite(
  "End to end under tmux", .serialized,
  .enabled(if: Tmux.executable != nil, "tmux is not installed"))
enum EndToEnd {}

/// Runs even when tmux is missing, so that CI notices.
@Suite("End-to-end prerequisites")
struct Prerequisites {
  @Test("tmux is available when the end-to-end tests are required")
  func required() {
    if Tmux.isRequired { #expect(Tmux.executable != nil) }
  }
}
