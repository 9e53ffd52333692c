import Foundation
import Synchronization

/// The status bar's `HH:MM` of the local wall clock, formatted once per minute.
///
/// Every state request reads the clock (it is part of ``StateVersion``), and making a
/// `DateFormatter` costs more than answering a repeated request. Within one UTC minute the local
/// time reads the same, since time zone offsets and daylight-saving changes are whole minutes.
enum SimulatorWallClock {
  /// `HH:MM` now.
  static func text() -> String {
    let now = Date()
    let minute = Int((now.timeIntervalSince1970 / 60).rounded(.down))
    return memo.withLock { memo in
      if let memo, memo.minute == minute { return memo.text }
      let formatter = DateFormatter()
      formatter.dateFormat = "HH:mm"
      let text = formatter.string(from: now)
      memo = (minute, text)
      return text
    }
  }

  private static let memo = Mutex<(minute: Int, text: String)?>(nil)
}
