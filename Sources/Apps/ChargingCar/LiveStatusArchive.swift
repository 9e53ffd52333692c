import Charging
import Dispatch
import Foundation
import StationStore
import Synchronization

/// Keeps a ``LiveStatusHub``'s statuses in the store, so a restarted simulator (or app) starts
/// from the last status of every charge point, each with the time it was observed.
///
/// The hub hands every batch it keeps to ``write(_:)``; the archive writes the batches in order
/// on a queue of its own (``StationStore/applyLiveStatus(_:)``: one transaction per batch, an
/// older observation never replacing a newer one), so a poller never waits for the disk. At
/// start the hub reads ``restore()``: the statuses come back with their original observation
/// times, so one kept from before a long stop reads "unknown since HH:MM", never "free"
/// (``LiveStatusPolicy/staleAfter``).
///
/// The statuses live in `stations.sqlite`, the store's rebuildable station data: a damaged file
/// is moved aside and the next poll fills the table again. A write that fails is reported once
/// through `diagnostics` (and once more when writing works again); the statuses stay in memory.
public final class LiveStatusArchive: Sendable {
  /// The store the statuses are kept in.
  public let store: StationStore
  /// What the kept records name as their source, e.g. `wayside serve`.
  public let source: String
  private let queue = DispatchQueue(label: "wayside.live-status-archive")
  private let diagnostics: @Sendable (String) -> Void
  private let apply: @Sendable ([LiveStatusRecord]) throws -> Void
  private let failing = Mutex(false)

  /// An archive over `store`; `diagnostics` hears a failed read or write, naming the file.
  public convenience init(
    store: StationStore, source: String,
    diagnostics: @escaping @Sendable (String) -> Void = { _ in }
  ) {
    self.init(
      store: store, source: source, diagnostics: diagnostics,
      apply: { try store.applyLiveStatus($0) })
  }

  /// An archive whose writes go through `apply` (tests make them fail).
  init(
    store: StationStore, source: String, diagnostics: @escaping @Sendable (String) -> Void,
    apply: @escaping @Sendable ([LiveStatusRecord]) throws -> Void
  ) {
    self.store = store
    self.source = source
    self.diagnostics = diagnostics
    self.apply = apply
  }

  /// Every status the store kept, with its observation time and matched register row; empty
  /// (with a diagnostic) when the store cannot be read. A kept status dated after `now` (from
  /// an earlier run, before times were checked) is repaired in the store first, dated `now`.
  public func restore(now: Date = Date()) -> [LiveStatusUpdate] {
    do {
      if let repaired = try? store.repairFutureLiveStatus(now: now), repaired > 0 {
        diagnostics("\(repaired) kept live statuses were dated in the future; dated now")
      }
      // Statuses past their expiry say nothing a missing one does not; they go at start.
      _ = try? store.removeLiveStatus(olderThanNewestBy: LiveStatusPolicy.expireAfter)
      return try store.liveStatus().map {
        LiveStatusUpdate(observation: $0.observation, station: $0.stationID)
      }
    } catch {
      diagnostics("the kept live status could not be read (\(error)); starting without it")
      return []
    }
  }

  /// Queues `updates` to be written, and the statuses of `removed` (charge point ids) to be
  /// forgotten, after every batch queued before them.
  public func write(_ updates: [LiveStatusUpdate], removing removed: [String] = []) {
    guard !updates.isEmpty || !removed.isEmpty else { return }
    let records = updates.map {
      LiveStatusRecord(observation: $0.observation, stationID: $0.station, source: source)
    }
    queue.async { [self] in
      do {
        if !records.isEmpty { try apply(records) }
        if !removed.isEmpty { try store.removeLiveStatus(evseIDs: removed) }
        let recovered = failing.withLock { failing in
          defer { failing = false }
          return failing
        }
        if recovered { diagnostics("live status is kept in the store again") }
      } catch {
        let first = failing.withLock { failing in
          defer { failing = true }
          return !failing
        }
        if first {
          diagnostics(
            "live status could not be kept in the store (\(error)); "
              + "it is shown, but a restart starts without it")
        }
      }
    }
  }

  /// Returns once every batch queued so far is written (or failed): before the process ends,
  /// and in tests.
  public func flush() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      queue.async { continuation.resume() }
    }
  }
}
