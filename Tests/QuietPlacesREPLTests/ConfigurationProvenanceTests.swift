import Foundation
import QuietPlacesREPL
import QuietPlacesTestSupport
import Testing

/// Which `Configuration/` a run reads, in which order it is looked for, and its fingerprints.
@Suite struct ConfigurationProvenanceTests {
  /// A project with its own `Configuration/` and a tool installed elsewhere with another.
  struct Layout {
    let folder: TemporaryFolder
    var project: URL { folder.url.appendingPathComponent("project") }
    var executable: String { folder.url.appendingPathComponent("tool/bin/quietplaces").path }

    init() throws {
      folder = try TemporaryFolder()
      try folder.write("{\"project\":true}", to: "project/Configuration/balance.json")
      try folder.write("", to: "project/Scripts/game/deep/.keep")
      try folder.write("{\"installed\":true}", to: "tool/Configuration/balance.json")
      try folder.write("{\"explicit\":true}", to: "elsewhere/balance.json")
    }
  }

  @Test func theProjectOneStandsInWinsOverTheInstalledOne() throws {
    let layout = try Layout()
    defer { layout.folder.remove() }
    // From a subfolder of the project: the nearest parent with a Configuration/ is the project.
    let (folder, source) = try SessionEnvironment.locateConfiguration(
      environment: [:], executable: layout.executable,
      currentDirectory: layout.project.appendingPathComponent("Scripts/game/deep"))
    #expect(folder.standardizedFileURL.path == layout.project.appendingPathComponent("Configuration").path)
    #expect(source == .project)
  }

  @Test func theEnvironmentWinsOverBoth() throws {
    let layout = try Layout()
    defer { layout.folder.remove() }
    let explicit = layout.folder.url.appendingPathComponent("elsewhere")
    let (folder, source) = try SessionEnvironment.locateConfiguration(
      environment: ["QUIETPLACES_CONFIGURATION": explicit.path], executable: layout.executable,
      currentDirectory: layout.project)
    #expect(folder.path == explicit.path)
    #expect(source == .environment)
  }

  @Test func outsideAProjectTheInstalledOneIsRead() throws {
    let layout = try Layout()
    defer { layout.folder.remove() }
    let (folder, source) = try SessionEnvironment.locateConfiguration(
      environment: [:], executable: layout.executable, currentDirectory: URL(fileURLWithPath: "/"))
    #expect(
      folder.standardizedFileURL.path == layout.folder.url.appendingPathComponent("tool/Configuration").path)
    #expect(source == .executable)
  }

  @Test func aFingerprintIsTheFirstTwelveHexDigitsOfTheSHA256() {
    // FIPS 180-2's example: SHA-256("abc") = ba7816bf 8f01cfea 4141…
    #expect(ConfigurationProvenance.fingerprint(of: Data("abc".utf8)) == "ba7816bf8f01")
  }

  @Test func theLineNamesTheFolderWhyAndEachFilesFingerprint() throws {
    let layout = try Layout()
    defer { layout.folder.remove() }
    let folder = layout.project.appendingPathComponent("Configuration")
    let provenance = ConfigurationProvenance(folder: folder, source: .project)
    let balance = ConfigurationProvenance.fingerprint(of: Data("{\"project\":true}".utf8))
    #expect(provenance.fingerprint(named: "balance") == balance)
    #expect(provenance.fingerprint(named: "storekit") == "missing")
    #expect(
      provenance.line
        == "configuration: \(folder.path) (from the current folder or its nearest parent); "
        + "balance \(balance), storekit missing, price-formats missing")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(provenance.json.utf8)) as? [String: String])
    #expect(object["balance"] == balance && object["source"] == "project" && object["folder"] == folder.path)
  }
}
