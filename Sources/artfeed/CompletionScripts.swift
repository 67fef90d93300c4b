import ArgumentParser

/// The shell completion scripts: argument-parser's, taught what it does not know of artfeed.
///
/// `browse` is the default command: `artfeed FILE --pictures <TAB>` means `artfeed browse
/// FILE --pictures <TAB>`, which argument-parser's scripts (1.8.2, pinned) do not know; they
/// offer the command names there. Each script is given a few lines where it reads the
/// command line: once the first word is neither a command nor a top-level option, a
/// `browse` is put in front of it, so that the browser's options, their values and its
/// SOURCE complete as after `artfeed browse`. The first word also completes file names (a
/// SOURCE), beside the command names. A patch whose anchor is not found leaves that script
/// as argument-parser wrote it (`CompletionTests` fail then).
enum CompletionScripts {
  /// The script for `shell`, as `--generate-completion-script SHELL` prints it.
  static func script(for shell: CompletionShell) -> String {
    let generated = Artfeed.completionScript(for: shell)
    switch shell {
    case .bash: return bash(generated)
    case .zsh: return zsh(generated)
    case .fish: return fish(generated)
    default: return generated
    }
  }

  /// The shell `artfeed --generate-completion-script SHELL` (or `=SHELL`) asks for; nil for
  /// any other command line (argument-parser reads it, and says what is wrong).
  static func requested(_ arguments: [String]) -> CompletionShell? {
    let option = "--generate-completion-script"
    let name: String? =
      switch arguments.count {
      case 1 where arguments[0].hasPrefix(option + "="):
        String(arguments[0].dropFirst(option.count + 1))
      case 2 where arguments[0] == option: arguments[1]
      default: nil
      }
    return name.flatMap { CompletionShell(rawValue: $0) }
  }

  /// The top-level words that are no SOURCE: the commands, `help` and the top options.
  static var topWords: [String] {
    Artfeed.configuration.subcommands.map { $0._commandName } + [
      "help", "--version", "-h", "--help",
    ]
  }

  /// The commands' names, space-separated.
  static var names: String { topWords.joined(separator: " ") }

  static func bash(_ script: String) -> String {
    var text = script
    let anchor = #"    local -a unparsed_words=("${COMP_WORDS[@]:1:${COMP_CWORD}}")"#
    let insert = """
          # artfeed: the default command. Past a first word that is no command, the line is
          # read as `artfeed browse ...`.
          if [[ "${COMP_CWORD}" -gt 1 ]] && ! [[ " \(names) " == *" ${COMP_WORDS[1]} "* ]]; then
              COMP_WORDS=("${COMP_WORDS[0]}" browse "${COMP_WORDS[@]:1}")
              COMP_CWORD=$((COMP_CWORD + 1))
          fi

      """
    text = text.replacingFirst(anchor, with: insert + anchor)
    // The first word: a command, or a SOURCE (file names).
    let offer = "        # Offer subcommand completions\n"
    text = text.replacingFirst(
      offer, with: offer + "        __artfeed_add_completions -f\n")
    return text
  }

  static func zsh(_ script: String) -> String {
    var text = script
    let anchor = "    local -r command_name=\"${words[1]}\"\n"
    let insert = """
          # artfeed: the default command. Past a first word that is no command, the line is
          # read as `artfeed browse ...`.
          if (( CURRENT > 2 )) && [[ " \(names) " != *" ${words[2]} "* ]]; then
              words=("${words[1]}" browse "${words[@]:1}")
              (( CURRENT++ ))
          fi

      """
    text = text.replacingFirst(anchor, with: insert + anchor)
    // The first word: a command, or a SOURCE (file names).
    let describe = "        _describe -V subcommand subcommands && ret=0\n"
    text = text.replacingFirst(describe, with: describe + "        _files && ret=0\n")
    return text
  }

  static func fish(_ script: String) -> String {
    var text = script
    let anchor = "    set -l unparsed_tokens (__artfeed_tokens -pc)\n"
    let insert = """
          # artfeed: the default command. Past a first word that is no command, the line is
          # read as `artfeed browse ...`.
          if test (count $unparsed_tokens) -gt 1; and not contains -- $unparsed_tokens[2] \(names)
              set unparsed_tokens $unparsed_tokens[1] browse $unparsed_tokens[2..]
          end

      """
    text = text.replacingFirst(anchor, with: anchor + insert)
    // The first word: a command, or a SOURCE (file names).
    if !text.hasSuffix("\n") { text += "\n" }
    text +=
      "complete -c 'artfeed' -n '__artfeed_should_offer_completions_for_positional "
      + "\"artfeed\" -eq 1' -F\n"
    return text
  }
}

extension String {
  /// The text with the first `target` replaced; unchanged when there is none.
  fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
    guard let range = range(of: target) else { return self }
    return replacingCharacters(in: range, with: replacement)
  }
}
