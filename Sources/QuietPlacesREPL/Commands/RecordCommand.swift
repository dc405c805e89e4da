import FoundationEssentials
import QuietPlacesStore
import QuietPlacesUtilities

/// `record FILE` and `record stop`: write the session from now on as a `.qp` transcript.
struct RecordCommand: REPLCommand {
  static let name = "record"
  static let usage = ["record FILE", "record stop"]
  static let summary =
    "write the session from now on as a .qp transcript (and, mid-session, the device now as NAME.bundle.json beside it)"
  static let topic = HelpTopic.files
  static let isRecorded = false

  /// Start recording to a file, or stop.
  enum Action: Equatable {
    case start(path: String)
    case stop
  }

  let action: Action

  init(parsing arguments: [String]) throws(CommandError) {
    try Self.checkFileWords(arguments)
    guard arguments.count == 1 else { throw Self.usageError() }
    action = arguments[0].lowercased() == "stop" ? .stop : .start(path: arguments[0])
  }

  static func completion(after words: [String]) -> ArgumentCompletion { words.isEmpty ? .files : .none }

  func run(in session: Session) async throws(CommandError) -> [OutputLine] {
    switch action {
    case .stop:
      guard let recorder = session.recorder, let path = session.recordingPath else {
        throw .noRecording
      }
      session.recorder = nil
      session.recordingPath = nil
      do {
        try recorder.stop()
      } catch {
        throw .recordingFailed(path: path, reason: error.reason)
      }
      return [.info("Stopped recording to \(path).")]
    case .start(let path):
      if session.recorder != nil, let current = session.recordingPath {
        throw .alreadyRecording(current)
      }
      if let problem = Session.folderPathProblem(path, example: "session.qp") {
        throw .file(path: path, reason: problem)
      }
      let url = session.writeURL(path)
      if let problem = ReplacedFile.problem(at: url.path, replacingWith: .recording) {
        throw .file(path: path, reason: problem)
      }
      // A recording replaced is said, with the bundle beside it that a recording started later
      // replaces too: nothing another recording held goes without a word.
      let replacing = ReplacedFile.holdsContent(at: url.path)
      var lines: [OutputLine] = []
      let folder = url.deletingLastPathComponent()
      if !FileManager.default.fileExists(atPath: folder.path) {
        do {
          try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
          throw .file(
            path: path,
            reason: "its folder cannot be created (\(error.readableReason)); give a path you can write to")
        }
        let given = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? path
        lines.append(.info("Created the folder \(given) for the recording."))
      }
      if let problem = FileKind(of: url).problem {
        throw .file(path: path, reason: "cannot be written (\(problem)); give the path of a .qp file")
      }
      // Started before anything happened, the recording replays from a fresh engine, as test starts
      // every script: it needs no bundle.
      if session.isPristine {
        do {
          let recorder = try TranscriptRecorder(
            url: url,
            header: [
              "# Recorded with quietplaces; run it with: quietplaces test \(session.recordedOptions)\(path)",
              "# It starts from a fresh engine, as the session did.",
            ] + session.recordedEnvironment)
          session.recorder = recorder
        } catch {
          throw .file(
            path: path, reason: "cannot be written; give a path in a folder that exists and is writable")
        }
        session.recordingPath = path
        session.writtenFiles[path] = url
        return lines + [
          .info(
            "Recording to \(path)\(replacing ? " (it replaces the recording there)" : ""); record stop ends it."
          )
        ]
      }
      // The device as it is now goes beside the transcript, and the transcript begins by loading it,
      // so the recording replays in a fresh engine (a path in a script is relative to the script).
      // The session's checkpoints go with it: a rewind or diff recorded later reaches them in the
      // replay too.
      let device = try await session.snapshot(for: "record")
      let bundlePath = Self.bundlePath(for: path)
      let bundleReplaced = ReplacedFile.holdsContent(at: session.writeURL(bundlePath).path)
      try session.writeBundle(device, to: bundlePath, withCheckpoints: true)
      let checkpointNames = session.checkpoints.map(\.name)
      let bundleName = URL(fileURLWithPath: bundlePath).lastPathComponent
      do {
        let recorder = try TranscriptRecorder(
          url: url,
          header: [
            "# Recorded with quietplaces; run it with: quietplaces test \(session.recordedOptions)\(path)",
            "# It starts from the device as it was when the recording began, in \(bundleName) beside it.",
          ] + session.recordedEnvironment)
        try recorder.record(
          command: "load \(bundleName)",
          output: ["Loaded the device bundle \(bundleName) (\(AppSave.writer)):"]
            + device.summary(rules: session.device.configuration.rules)
            + (checkpointNames.isEmpty ? [] : [Session.checkpointsLine(checkpointNames)]))
        session.recorder = recorder
      } catch {
        throw .file(
          path: path, reason: "cannot be written; give a path in a folder that exists and is writable")
      }
      session.recordingPath = path
      session.writtenFiles[path] = url
      let replaced = [
        replacing ? "the recording there" : nil, bundleReplaced ? "the bundle \(bundleName) beside it" : nil,
      ].compactMap { $0 }
      let note = replaced.isEmpty ? "" : " (it replaces \(replaced.joined(separator: " and ")))"
      return lines + [.info("Recording to \(path)\(note); record stop ends it.")]
    }
  }

  /// The bundle written beside a transcript: `report.qp` → `report.bundle.json`.
  static func bundlePath(for transcript: String) -> String {
    let base = transcript.hasSuffix(".qp") ? String(transcript.dropLast(3)) : transcript
    return base + ".bundle.json"
  }
}

extension RecordCommand: HelpDetails {
  /// What a file already at FILE must be for the recording to replace it.
  static var helpDetails: [String] {
    [
      "  a file already at FILE is replaced only when it is empty or a recording quietplaces made (its first "
        + "line # Recorded with quietplaces); a bundle beside it only when empty, a save or a bundle"
    ]
  }
}
