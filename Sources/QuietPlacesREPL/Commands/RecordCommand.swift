import FoundationEssentials

/// `record FILE` and `record stop`: write the session from now on as a `.qp` transcript.
enum RecordCommand: REPLCommand {
  static let name = "record"
  static let usage = ["record FILE", "record stop"]
  static let summary = "write the session from now on as a .qp transcript that quietplaces test can run"
  static let topic = HelpTopic.files

  static func completion(after words: [String]) -> ArgumentCompletion { words.isEmpty ? .files : .none }

  static func run(_ arguments: [String], in session: Session) async throws(CommandError) -> [String] {
    guard arguments.count == 1 else { throw usageError() }
    if arguments[0].lowercased() == "stop" {
      guard let recorder = session.recorder, let path = session.recordingPath else {
        throw .usage(command: "record stop", expected: "a recording to stop; start one with record FILE")
      }
      try? recorder.stop()
      session.recorder = nil
      session.recordingPath = nil
      return ["Stopped recording to \(path)."]
    }
    let path = arguments[0]
    if session.recorder != nil, let current = session.recordingPath {
      throw .usage(
        command: "record",
        expected: "no recording running; \(current) is being recorded (record stop ends it)")
    }
    do {
      session.recorder = try TranscriptRecorder(
        url: URL(fileURLWithPath: path),
        header: ["# Recorded with quietplaces; run it with: quietplaces test \(path)"])
    } catch {
      throw .file(
        path: path, reason: "cannot be written; give a path in a folder that exists and is writable")
    }
    session.recordingPath = path
    return ["Recording to \(path); record stop ends it."]
  }
}
