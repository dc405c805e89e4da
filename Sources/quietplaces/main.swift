import Foundation
import QuietPlacesREPL

#if canImport(Glibc)
  import Glibc
#endif

/// The `quietplaces` executable: arguments, the terminal, and nothing else.
let environment = ProcessInfo.processInfo.environment
let status = await Program.main(arguments: Array(CommandLine.arguments.dropFirst()), environment: environment)
{
  options in
  if Terminal.inputIsTerminal {
    let editor = LineEditor(
      historyPath: LineEditor.historyPath(environment: environment), completion: CommandCompletion())
    return (editor, true, Terminal.usesColour(environment: environment))
  }
  return (StandardInput(), false, false)
}
exit(status)
