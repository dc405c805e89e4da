import QuietPlacesAppStore
import QuietPlacesGame
import QuietPlacesStore

/// Why a device refused a verb or could not be made. The REPL and the lab each say it in their own
/// words (a REPL error names the command that was refused).
public enum DeviceError: Error, Sendable, Equatable {
  /// The verb needs the app open; it is closed.
  case appClosed
  /// The verb needs the app closed; it is open.
  case appOpen
  /// A restore waits for the App Store's `continue`; the verb cannot run meanwhile.
  case restoreInFlight
  /// The game refused the action.
  case game(GameError)
  /// Writing or reading the save failed.
  case save(SaveError)
  /// The app could not launch.
  case launch(LaunchError)
  /// The app died at an armed crash point.
  case crashed(AppCrash)
  /// The simulated App Store refused, or its account could not be opened or written.
  case store(AppStoreError)
  /// The device's folder cannot be created.
  case folder(path: String)
  /// The save could not be put back on the device (restoring a snapshot); the file's reason.
  case saveNotRestored(reason: String)
}
