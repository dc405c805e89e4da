import FoundationEssentials
import QuietPlacesUtilities

/// Which save folder the REPL launched from, and why that one, so that a game loaded from an earlier
/// session is never a surprise: the interactive start, `status` and `--jsonl`'s first record say it.
public struct SaveFolder: Sendable, Equatable {
  /// Where the folder came from, in the order it is looked for.
  public enum Source: String, Sendable, Equatable {
    /// `--save-dir DIR`.
    case option
    /// `$QUIETPLACES_HOME`.
    case environment
    /// `$XDG_DATA_HOME/quietplaces`.
    case xdg
    /// `~/.local/share/quietplaces`.
    case home
    /// A fresh temporary folder made for `--bundle`, removed when the REPL leaves.
    case temporary

    /// How a line names it.
    public var phrase: String {
      switch self {
      case .option: "from --save-dir"
      case .environment: "from QUIETPLACES_HOME"
      case .xdg: "from XDG_DATA_HOME"
      case .home: "the default, ~/.local/share/quietplaces"
      case .temporary: "a fresh temporary folder for --bundle, removed on leaving"
      }
    }
  }

  /// The folder.
  public var folder: URL
  /// Why that folder.
  public var source: Source

  public init(folder: URL, source: Source) {
    self.folder = folder
    self.source = source
  }

  /// The save folder: `--save-dir`, else `$QUIETPLACES_HOME`, else `$XDG_DATA_HOME/quietplaces`,
  /// else `~/.local/share/quietplaces`.
  public init(option: String?, environment: [String: String]) {
    if let option, !option.isEmpty {
      self.init(folder: URL(fileURLWithPath: option), source: .option)
    } else if let home = environment["QUIETPLACES_HOME"], !home.isEmpty {
      self.init(folder: URL(fileURLWithPath: home), source: .environment)
    } else if let data = environment["XDG_DATA_HOME"], !data.isEmpty {
      self.init(folder: URL(fileURLWithPath: data).appendingPathComponent("quietplaces"), source: .xdg)
    } else {
      let home = environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path
      self.init(
        folder: URL(fileURLWithPath: home).appendingPathComponent(".local/share/quietplaces"), source: .home)
    }
  }

  /// `save folder: /path (from --save-dir)`.
  public var line: String { "save folder: \(folder.path) (\(source.phrase))" }

  /// The same as one JSON object: `{"folder":…,"source":…}`.
  public var json: String {
    "{\"folder\":\(folder.path.jsonQuoted),\"source\":\(source.rawValue.jsonQuoted)}"
  }
}
