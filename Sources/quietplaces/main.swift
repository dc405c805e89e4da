import CEditLine
import Dispatch
import FoundationEssentials
import QuietPlacesREPL
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

// The `quietplaces` executable: arguments, the terminal, and nothing else.
let interactive = Terminal.inputIsTerminal
if interactive {
  // Before any other thread exists: Ctrl-C then reaches only the thread that reads a line.
  qp_el_block_sigint()
}
let environment = ProcessInfo.processInfo.environment
let arguments = Array(CommandLine.arguments.dropFirst())
let status = Mutex<Int32>(0)
let done = DispatchSemaphore(value: 0)
Task.detached {
  let result = await Program.main(arguments: arguments, environment: environment) { _ in
    if interactive {
      let editor = LineEditor(
        historyPath: LineEditor.historyPath(environment: environment), completion: CommandCompletion())
      return (editor, true, Terminal.usesColour(environment: environment))
    }
    return (StandardInput(), false, false)
  }
  status.withLock { $0 = result }
  done.signal()
}
done.wait()
exit(status.withLock { $0 })
