#if QP_PLANTED_DEFECTS
  import FoundationEssentials

  /// Defects planted on purpose, to show that `quietplaces explore` finds such bugs; compiled only
  /// into the build `Scripts/explore/planted-defects.sh` makes (`-D QP_PLANTED_DEFECTS`, a scratch
  /// path of its own), never into what ships. That build plants the one named by
  /// `QUIETPLACES_PLANTED_DEFECT`, or none.
  public enum PlantedDefect: String, CaseIterable, Sendable {
    /// The delivery pipeline finishes a transaction before its delivery is saved.
    case finishBeforeSave = "finish-before-save"
    /// A pack replayed through `updates` is granted again though the ledger holds it.
    case grantOnReplay = "grant-on-replay"
    /// A refund of a permanent purchase is recorded and finished, but the purchase is kept.
    case refundKeeps = "refund-keeps"
    /// A transaction whose signature does not verify is delivered anyway.
    case deliverUnverified = "deliver-unverified"
    /// A sail colour is bought without checking the Postmarks held.
    case spendUnchecked = "spend-unchecked"
    /// The closed form counts one arrival too few in a run of arrivals: the one at the end of the
    /// leg sailed when the run starts.
    case legBoundary = "leg-boundary"

    /// The defect planted in this process.
    public static let active: PlantedDefect? = ProcessInfo.processInfo.environment[
      "QUIETPLACES_PLANTED_DEFECT"
    ]
    .flatMap(PlantedDefect.init(rawValue:))

    /// Whether this defect is planted in this process.
    public static func planted(_ defect: PlantedDefect) -> Bool { active == defect }
  }
#endif
