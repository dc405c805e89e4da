import QuietPlacesREPL

/// A line input that gives scripted answers and remembers the prompts and the progress it was shown.
public final class ScriptedInput: LineInput {
  private var answers: [LineRead]
  /// The prompts shown, in order.
  public private(set) var prompts: [String] = []
  /// The completion contexts of the reads, in order.
  public private(set) var contexts: [CompletionContext] = []
  /// The progress lines shown while commands ran, in order (`nil`: cleared).
  public private(set) var progress: [String?] = []
  /// Why its end is a failure, if it is (a terminal the process may not read).
  public let endFailure: String?

  /// An input that answers `answers` in order, then the end of input, failing with `endFailure`.
  public init(_ answers: [LineRead], endFailure: String? = nil) {
    self.answers = answers
    self.endFailure = endFailure
  }

  public func readLine(prompt: String, context: CompletionContext) -> LineRead {
    prompts.append(prompt)
    contexts.append(context)
    return answers.isEmpty ? .end : answers.removeFirst()
  }

  public func addHistory(_ line: String) {}

  public func showProgress(_ text: String?) {
    progress.append(text)
  }
}
