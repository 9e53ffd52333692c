import CarRender
import CarTemplates

/// Renders the side panel that drives the car and the phone.
public enum PanelRenderer {
  /// The panel as an HTML fragment; controls carry `data-cmd` (and `data-value`) attributes.
  /// `maps` draws the phone's map when the running app has one.
  public static func render(_ state: PanelState, maps: CarHTMLRenderer? = nil) -> String {
    func esc(_ s: String) -> String { Markup.escape(s) }
    func toggle(_ cmd: String, _ on: Bool, _ label: String) -> String {
      "<label class=\"toggle\"><input type=\"checkbox\" data-cmd=\"\(cmd)\"\(on ? " checked" : "")> \(esc(label))</label>"
    }
    // Two parts: the controls, which scroll by section, and below them what the car answered
    // (Siri's reply or the last command's message, the latest hand-offs, the screen's
    // diagnostics), which never scroll out of view.
    var html = "<div class=\"controls\"><section><h3>App</h3><select data-cmd=\"app\">"
    for app in state.apps {
      html +=
        "<option value=\"\(esc(app))\"\(app == state.currentApp ? " selected" : "")>\(esc(app))</option>"
    }
    html += "</select> <button data-cmd=\"restartApp\" title=\"Launch the app afresh\">Restart</button></section>"
    html += "<section><h3>Car</h3><div class=\"buttons\">"
    html +=
      state.isConnected
      ? "<button data-cmd=\"disconnect\">Disconnect</button>"
      : "<button data-cmd=\"connect\" class=\"primary\">Connect</button>"
    html += "</div><label>Display <select data-cmd=\"display\">"
    for profile in DisplayProfile.all {
      html +=
        "<option value=\"\(profile.id)\"\(profile.id == state.displayID ? " selected" : "")>\(esc(profile.name)) (\(profile.width)×\(profile.height) @\(profile.scale)x)</option>"
    }
    html += "</select></label>"
    html += "<label class=\"toggle\">Input <select data-cmd=\"input\">"
    for (value, label) in [("touch", "Touch screen"), ("knob", "Knob"), ("touchpad", "Touch pad")] {
      html +=
        "<option value=\"\(value)\"\(value == state.input ? " selected" : "")>\(label)</option>"
    }
    html += "</select></label>"
    html +=
      "<div class=\"buttons\"><button data-cmd=\"style\" data-value=\"day\"\(state.isNight ? "" : " class=\"on\"")>Day</button><button data-cmd=\"style\" data-value=\"night\"\(state.isNight ? " class=\"on\"" : "")>Night</button></div>"
    html += toggle("driving", state.isDriving, "Driving (lists limited)")
    html += toggle("videoSupport", state.supportsVideo, "Car supports video (reconnects)")
    html += toggle("video", state.isVideoAllowed, "Video allowed (parked)")
    html += "</section><section><h3>Phone</h3>"
    html += toggle("lock", state.isPhoneLocked, "iPhone locked")
    html += phoneNowPlaying(state.nowPlaying)
    html += "</section><section><h3>Location</h3><div class=\"where\">\(esc(state.location))</div>"
    html +=
      "<form data-form=\"move\"><input name=\"value\" placeholder=\"Place or LAT,LON\"><button>Move</button></form>"
    html +=
      "<form data-form=\"drive\"><input name=\"value\" placeholder=\"From\"><input name=\"to\" placeholder=\"To\"><input name=\"speed\" placeholder=\"km/h\" size=\"4\" value=\"120\"><button>Drive</button></form>"
    html += "<div class=\"buttons\"><button data-cmd=\"stopDriving\">Stop</button></div>"
    html +=
      "<div class=\"buttons map-pad\"><button data-cmd=\"region\" data-value=\"west\">←</button><button data-cmd=\"region\" data-value=\"north\">↑</button><button data-cmd=\"region\" data-value=\"south\">↓</button><button data-cmd=\"region\" data-value=\"east\">→</button><button data-cmd=\"region\" data-value=\"zoomIn\">+</button><button data-cmd=\"region\" data-value=\"zoomOut\">−</button></div>"
    html += "</section><section><h3>Data source</h3><div class=\"buttons\">"
    for mode in ["normal", "empty", "fail"] {
      html +=
        "<button data-cmd=\"data\" data-value=\"\(mode)\"\(mode == state.dataMode ? " class=\"on\"" : "")>\(mode.capitalized)</button>"
    }
    html += "</div>"
    if let feed = state.liveFeed { html += toggle("liveFeed", state.isLiveFeedOn, feed) }
    html += "</section>"
    html += phoneSetup(state)
    if let phoneMap = state.phoneMap, let maps {
      let size = PanelState.phoneMapSize
      html +=
        "<section><h3>Phone map</h3><div class=\"phone-map\" style=\"width:\(size.width)px;height:\(size.height)px;border-radius:18px;overflow:hidden;border:3px solid #222\">\(maps.windowMap(phoneMap, width: size.width, height: size.height))</div></section>"
    }
    html += "<section><h3>Transcript</h3><ol class=\"transcript\">"
    for line in state.transcript.suffix(14) { html += "<li>\(esc(line))</li>" }
    html += "</ol></section></div><div class=\"status\">"
    html +=
      "<section><h3>Siri</h3><form data-form=\"voice\"><input name=\"value\" placeholder=\"\(esc(state.voicePlaceholder))\"><button>Say</button></form></section>"
    if let message = state.message { html += "<div class=\"message\">\(esc(message))</div>" }
    if !state.handoffs.isEmpty {
      html += "<section><h3>Hand-offs</h3><ul class=\"handoffs\">"
      for line in state.handoffs.suffix(3) { html += "<li>\(esc(line))</li>" }
      html += "</ul></section>"
    }
    html += "<section><h3>Diagnostics</h3>"
    if state.diagnostics.isEmpty {
      html += "<div class=\"ok\">No rule broken on this screen.</div>"
    } else {
      html += "<ul class=\"diagnostics\">"
      for line in state.diagnostics { html += "<li>\(esc(line))</li>" }
      html += "</ul>"
    }
    html += "</section></div>"
    return html
  }

  /// The phone's Now Playing (lock screen, Control Centre): title, artist, artwork, the
  /// elapsed time and length, playing or paused, and the rate — the same value the car's Now
  /// Playing shows (``PanelState/nowPlaying``); nothing while nothing is published.
  static func phoneNowPlaying(_ info: NowPlayingInfoSpec?) -> String {
    guard let info else { return "" }
    func esc(_ s: String) -> String { Markup.escape(s) }
    func clock(_ seconds: Double) -> String {
      let whole = Int(max(0, seconds).rounded())
      let rest = whole % 60
      return "\(whole / 60):\(rest < 10 ? "0" : "")\(rest)"
    }
    let artwork = info.artwork.map { " data-artwork=\"\(esc($0.name))\"" } ?? ""
    var html =
      "<div class=\"phone-now-playing\" data-elapsed=\"\(info.elapsedSeconds)\" data-rate=\"\(info.playbackRate)\"\(artwork)><div class=\"pnp-title\">\(esc(info.title))</div>"
    if let artist = info.artist { html += "<div class=\"pnp-artist\">\(esc(artist))</div>" }
    let length = info.durationSeconds.map { " / " + clock($0) } ?? ""
    html +=
      "<div class=\"pnp-time\"><span class=\"pnp-state\">\(info.playbackRate > 0 ? "▶" : "❚❚")</span> <span class=\"pnp-elapsed\">\(clock(info.elapsedSeconds))</span>\(length) · <span class=\"pnp-rate\">\(esc(NowPlayingInfoSpec.rateLabel(info.shownRate)))</span></div></div>"
    return html
  }

  /// The phone app's tariffs and vehicle: the sample driver said as such with one button that
  /// clears it, chosen tariffs as buttons that remove them, a search field and a list grouped
  /// by provider to add one, and the vehicle list.
  static func phoneSetup(_ state: PanelState) -> String {
    guard !state.tariffs.isEmpty || !state.vehicles.isEmpty else { return "" }
    func esc(_ s: String) -> String { Markup.escape(s) }
    var html = "<section><h3>My tariffs (phone)</h3>"
    if let sample = state.sampleDriver {
      html +=
        "<p class=\"sample\">\(esc(sample)).</p><div class=\"buttons\"><button data-cmd=\"tariffsClear\">Clear sample driver</button></div>"
    }
    html += "<div class=\"buttons\">"
    let chosen = state.tariffs.filter(\.isChosen)
    if chosen.isEmpty { html += "<span>No tariff chosen: ad-hoc or roaming prices.</span>" }
    for tariff in chosen {
      html +=
        "<button data-cmd=\"tariff\" data-value=\"\(esc(tariff.id))\" class=\"on\" title=\"Remove\">\(esc(tariff.label)) ✕</button>"
    }
    if !chosen.isEmpty, state.sampleDriver == nil {
      html += "<button data-cmd=\"tariffsClear\">Clear</button>"
    }
    let open = state.tariffs.filter { !$0.isChosen }
    // Searchable: typing filters the list by provider or name (a datalist of the ids).
    html +=
      "</div><label>Find <input data-cmd=\"tariff\" list=\"tariff-list\" placeholder=\"provider or tariff…\" autocomplete=\"off\"></label><datalist id=\"tariff-list\">"
    for tariff in open {
      html += "<option value=\"\(esc(tariff.id))\">\(esc(tariff.label))</option>"
    }
    html += "</datalist>"
    html += "<label>Add <select data-cmd=\"tariff\"><option value=\"\">a tariff…</option>"
    var groups: [(String, [PhoneChoice])] = []
    for tariff in open {
      if let index = groups.firstIndex(where: { $0.0 == tariff.group }) {
        groups[index].1.append(tariff)
      } else {
        groups.append((tariff.group, [tariff]))
      }
    }
    for (group, tariffs) in groups {
      if !group.isEmpty { html += "<optgroup label=\"\(esc(group)) (\(tariffs.count))\">" }
      for tariff in tariffs {
        html += "<option value=\"\(esc(tariff.id))\">\(esc(tariff.label))</option>"
      }
      if !group.isEmpty { html += "</optgroup>" }
    }
    html += "</select></label>"
    if !state.vehicles.isEmpty {
      html += "<label>Vehicle <select data-cmd=\"vehicle\">"
      for vehicle in state.vehicles {
        html +=
          "<option value=\"\(esc(vehicle.id))\"\(vehicle.isChosen ? " selected" : "")>\(esc(vehicle.label))</option>"
      }
      html += "</select></label>"
    }
    return html + "</section>"
  }
}
