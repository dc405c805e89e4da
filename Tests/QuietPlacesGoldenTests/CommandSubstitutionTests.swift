import Foundation
import QuietPlacesGolden
import QuietPlacesTestSupport
import Testing

@Suite struct CommandSubstitutionTests {
  let environment = ["SEED": "12", "EMPTY": "", "LEG_2": "6m"]

  @Test(arguments: [
    ("new --seed $SEED", "new --seed 12"),
    ("new --seed ${SEED}0", "new --seed 120"),
    ("advance $LEG_2.", "advance 6m."),
    ("new --seed ${MISSING:-7}", "new --seed 7"),
    ("new --seed ${EMPTY:-7}", "new --seed 7"),
    ("new --seed ${SEED:-7}", "new --seed 12"),
    ("say $$SEED costs $5 and $", "say $SEED costs $5 and $"),
    ("no variables", "no variables"),
  ])
  func substitutes(command: String, result: String) throws {
    #expect(try CommandSubstitution.substitute(command, environment: environment) == result)
  }

  /// Braces that hold no name (the shell's other forms) are an error that writes the form meant,
  /// not a variable named `SEED-7` that is "not set".
  @Test(arguments: [
    (
      "${SEED-7}", "SEED-7",
      "'${SEED-7}' is not a variable (a name is a letter or '_', then letters, digits and '_'); write ${SEED:-7} for SEED with a default"
    ),
    (
      "${SEED=7}", "SEED=7",
      "'${SEED=7}' is not a variable (a name is a letter or '_', then letters, digits and '_'); write ${SEED:-7} for SEED with a default"
    ),
    (
      "${7up:-1}", "7up:-1",
      "'${7up:-1}' is not a variable (a name is a letter or '_', then letters, digits and '_'); write ${NAME}, or ${NAME:-default} for a default"
    ),
  ])
  func bracesWithoutANameAreAnError(command: String, inside: String, sentence: String) {
    #expect(throws: CommandSubstitution.Problem.badName(inside)) {
      try CommandSubstitution.substitute("new --seed \(command)", environment: environment)
    }
    #expect(
      GoldenScriptError(path: "a.qp", line: 2, problem: .badVariable(inside)).description == "a.qp:2: "
        + sentence)
  }

  @Test func anUnsetVariableWithoutADefaultIsAnError() {
    #expect(throws: CommandSubstitution.Problem.unset("NOPE")) {
      try CommandSubstitution.substitute("new --seed $NOPE", environment: environment)
    }
    #expect(throws: CommandSubstitution.Problem.unset("EMPTY2")) {
      try CommandSubstitution.substitute("new ${EMPTY2}", environment: environment)
    }
    #expect(throws: CommandSubstitution.Problem.unclosed) {
      try CommandSubstitution.substitute("new ${SEED", environment: environment)
    }
  }
}

/// `quietplaces run FILE.qp` substitutes as `test` does, so a parametrised script replays alike.
@Suite struct ScriptRunnerSubstitutionTests {
  @Test func runSubstitutesAndReportsAnUnsetVariable() async throws {
    let script = try GoldenScript.parse("> echo seed ${SEED:-7}\n> echo $NOPE\n> echo after\n", path: "p.qp")
    var runner = ScriptRunner()
    runner.environment = ["SEED": "12"]
    var lines: [String] = []
    let failed = await runner.run(script, in: FakeSession(saveFolder: URL(fileURLWithPath: "/nonexistent"))) {
      lines.append($0)
    }
    #expect(failed)
    #expect(
      lines == [
        "> echo seed ${SEED:-7}", "seed 12", "> echo $NOPE",
        "error: p.qp:2: the command uses $NOPE, which is not set; set it (NOPE=VALUE quietplaces test …) "
          + "or give a default: ${NOPE:-VALUE}",
        "> echo after", "after",
      ])
  }
}
