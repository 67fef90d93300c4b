import Testing

/// The tmux-driven suites, nested here so they run one at a time: each starts its own tmux
/// server and the real binary, and the machine is shared (two cores).
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
