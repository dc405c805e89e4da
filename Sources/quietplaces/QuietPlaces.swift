import FoundationEssentials
import QuietPlacesCommandLine
import QuietPlacesREPL

#if canImport(Glibc)
  import Glibc
#endif

/// The `quietplaces` executable: arguments, the terminal, and nothing else.
@main
enum QuietPlaces {
  static func main() async {
    let arguments = Array(CommandLine.arguments.dropFirst())
    // `--jsonl` is for programs: plain standard input even on a terminal.
    let interactive = Terminal.inputIsTerminal && !arguments.contains("--jsonl")
    if interactive {
      // First, before the program starts any thread.
      LineEditor.prepareProcess()
    }
    let environment = ProcessInfo.processInfo.environment
    let status = await Program.main(arguments: arguments, environment: environment) {
      if interactive {
        let editor = LineEditor(
          historyPath: LineEditor.historyPath(environment: environment), completion: CommandCompletion())
        return ProgramInput(
          source: editor, interactive: true, colour: Terminal.usesColour(environment: environment))
      }
      return ProgramInput(source: StandardInput(), interactive: false, colour: false)
    } stopOnSignals: {
      LineEditor.stopRunOnSignals()
      return { LineEditor.runStopSignal() }
    }
    if let signal = interactive ? LineEditor.endSignal() : StandardInput.endSignal() {
      let name = signal == SIGHUP ? "SIGHUP" : "SIGTERM"
      let note =
        "note: \(name) ended the input: no further line was read, and the program ended as at the end "
        + "of input (exit status \(128 + signal))\n"
      _ = note.withCString { write(STDERR_FILENO, $0, strlen($0)) }
      exit(128 + signal)
    }
    exit(status)
  }
}
