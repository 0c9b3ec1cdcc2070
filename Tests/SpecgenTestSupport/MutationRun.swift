import Foundation

/// The random edits both mutation tests draw (`DiffMutationTests`, `DiffMutationCompileTests`): their seed and how
/// many single edits make one edit. `SPECGEN_MUTATION_SEED` and `SPECGEN_MUTATION_DEPTH` ask for others; a run
/// with others leaves Benchmarks/DIFF.md alone.
public enum MutationRun {
    /// The seed of the edits.
    public static let seed =
        ProcessInfo.processInfo.environment["SPECGEN_MUTATION_SEED"].flatMap { UInt64($0) } ?? defaultSeed
    /// Single edits made into each edit; `SPECGEN_MUTATION_DEPTH=2` tries two at once, where changes meet.
    public static let depth = ProcessInfo.processInfo.environment["SPECGEN_MUTATION_DEPTH"].flatMap(Int.init) ?? 1
    /// The seed of the run Benchmarks/DIFF.md records.
    public static let defaultSeed: UInt64 = 0x5EED
    /// Whether the seed and depth are those of the recorded run.
    public static var isDefault: Bool { seed == defaultSeed && depth == 1 }
}
