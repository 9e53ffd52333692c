import CarSession
import CarSimulator
import CarTemplates
import Geo
import Routing

/// The side panel's commands: the car's settings, the phone, where the car is and goes, which
/// app runs.
extension SimulatorController {
  /// Applies a side-panel command; one that cannot be read leaves a message naming it.
  public func handle(_ command: PanelCommand) async {
    message = nil
    let opened = openedMark()
    do {
      try await apply(try CarControl(command))
    } catch let error as CarControlError {
      message =
        command.cmd == "voice"
        ? siriAnswer(to: command.value ?? "") : Self.driverWords(for: error, command: command)
    } catch {
      message = command.cmd == "voice" ? siriAnswer(to: command.value ?? "") : "\(error)"
    }
    await settle()
    showHandoff(since: opened)
    notify()
  }

  private func apply(_ control: CarControl) async throws {
    switch control {
    case .connect: connectCar()
    case .disconnect: disconnectAll()
    case .display(let profile):
      configuration.display = profile
      applyConfiguration()
    case .style(let style):
      configuration.contentStyle = style
      applyConfiguration()
    case .driving(let driving):
      if driving {
        if videoAllowedWhenParked == nil {
          videoAllowedWhenParked = configuration.isVideoAvailable
        }
        configuration.limitedUserInterfaces.insert(.lists)
        configuration.limitedUserInterfaces.insert(.keyboard)
        configuration.isVideoAvailable = false
      } else {
        configuration.limitedUserInterfaces = []
        // Parked again: video is allowed again if it was before the drive.
        configuration.isVideoAvailable =
          (videoAllowedWhenParked ?? configuration.isVideoAvailable)
          && configuration.supportsVideoPlayback
        videoAllowedWhenParked = nil
      }
      applyConfiguration()
    case .videoAllowed(let allowed):
      configuration.isVideoAvailable = allowed
      if !configuration.supportsVideoPlayback {
        // Video support is fixed for a session (carplay-facts.md §3): allowing video in a car
        // that lacks it means plugging in a car that has it.
        configuration.supportsVideoPlayback = true
        if host.configuration != nil {
          host.disconnect()
          connectCar()
        }
      }
      applyConfiguration()
    case .videoSupport(let supported):
      // Another car: support for video never changes during a connection (§4).
      configuration.supportsVideoPlayback = supported
      configuration.isVideoAvailable =
        supported && !configuration.limitedUserInterfaces.contains(.lists)
      reconnect()
    case .move(let place): await move(to: place)
    case .drive(let from, let to, let speed): await drive(from: from ?? "", to: to, speed: speed)
    case .stopDriving:
      drive.stop()
      message = "Stopped."
    case .dataSource(let mode): setDataSource(mode)
    case .liveFeed(let on): await setLiveFeed(on)
    case .switchApp(let name): switchApp(name)
    case .restartApp: restartApp()
    case .moveMap(let move): changeRegion(move)
    case .driver(let action): try host.drive(action)
    case .phone(let change): changePhoneSetup(change)
    case .systemVersion(let version):
      // The phone's version is fixed for a connection: the car connects again with it.
      configuration.systemVersion = version
      reconnect()
      message = "Phone: iOS \(version)."
    case .input(let kind):
      inputKind = kind
      host.inputKind = kind
      message =
        kind.movesFocus
        ? "Input: \(kind == .knob ? "knob" : "touch pad") — arrow keys move the focus, Enter "
          + "selects, Backspace or Escape goes back."
        : "Input: touch screen."
    }
  }

  /// The panel standing in for the phone app: the store is written and the running app hears
  /// the change through its driver client.
  private func changePhoneSetup(_ change: PhoneChange) {
    guard let phone, phone.appID == app.id else {
      message = "\(app.id) has no tariffs or vehicle to choose; run \(phone?.appID ?? "charging")"
      return
    }
    do {
      switch change {
      case .toggleTariff(let id): message = try phone.toggleTariff(id)
      case .clearTariffs: message = try phone.clearTariffs()
      case .setVehicle(let id): message = try phone.setVehicle(id)
      }
    } catch {
      message = "\(error)"
    }
    // The store changed: the panel's tariffs and vehicles read it.
    noteChange()
  }

  /// Switches the data source's mode; the phone then reports its position again, as Core
  /// Location does, so an app that loads data on location updates shows the change at once
  /// (others see it on their next load: a periodic refresh, a map move, a Retry).
  private func setDataSource(_ mode: DataSourceMode) {
    dataSource.switchAndAnnounce(mode)
    let effect: String
    switch mode {
    case .normal: effect = "answers come from the data"
    case .empty: effect = "every query answers with nothing"
    case .failing: effect = "every query fails"
    }
    message = "Data source: \(mode) (\(effect))."
    noteChange()
    if host.configuration != nil, let here = location.coordinate { host.moveTo(here) }
  }

  /// Starts or stops the running app's panel feed; starting it moves the car to where the
  /// feed's data is, so the app shows it at once.
  private func setLiveFeed(_ on: Bool) async {
    guard let feed = liveFeed, feed.appID == app.id else {
      message = "\(app.id) has no live feed; run \(liveFeed?.appID ?? "charging")"
      return
    }
    guard on != liveFeedOn else {
      message = "The live feed is already \(on ? "on" : "off")."
      return
    }
    if on {
      do {
        message = try await feed.start()
        liveFeedOn = true
        locationLabel = feed.placeLabel
        host.moveTo(feed.place)
      } catch {
        message = "The live feed cannot start: \(error)"
      }
    } else {
      let stopped = await feed.stop()
      liveFeedOn = false
      // What stays: the car where the feed put it, the statuses it last reported.
      message =
        "\(stopped) The car stays in \(locationLabel) with the statuses it last heard; move "
        + "it under Location."
    }
  }

  /// A panel form that cannot be read, in a driver's words: what to type in which field (the
  /// error's own wording names the JSON command and its fields, for `/control`'s callers).
  nonisolated static func driverWords(for error: CarControlError, command: PanelCommand) -> String
  {
    switch command.cmd {
    case "move":
      return "Type a town (e.g. Kassel) or a position as LAT,LON, then Move."
    case "drive":
      if (command.to ?? "").trimmingCharacters(in: .whitespaces).isEmpty {
        return "Type where to drive in To: a town (e.g. Göttingen) or LAT,LON, then Drive."
      }
      let typed = (command.speed ?? "").trimmingCharacters(in: .whitespaces)
      return "Type a speed from \(Int(CarControl.speeds.lowerBound)) to "
        + "\(Int(CarControl.speeds.upperBound)) km/h (not “\(typed)”), then Drive."
    default:
      return error.message
    }
  }

  /// What Siri answers when the panel's phrase runs nothing, in a driver's words: what to say
  /// instead, from the app's App Shortcuts (carplay-facts.md §7).
  func siriAnswer(to phrase: String) -> String {
    let said = phrase.trimmingCharacters(in: .whitespaces)
    let examples = app.shortcuts.map { "“\($0.spoken(appName: app.appName))”" }
    let suggestion =
      examples.isEmpty
      ? "\(app.appName) has no voice commands."
      : "Try \(examples.prefix(3).joined(separator: " or "))."
    guard host.appState == .running else {
      return "Siri: \(app.appName) is not on the car's screen. Open it first."
    }
    if said.isEmpty { return "Siri didn't hear anything. \(suggestion)" }
    return "Siri: \(app.appName) can't do “\(said)”. \(suggestion)"
  }

  private func move(to text: String) async {
    do {
      let (label, coordinate) = try await PlaceDirectory.bundled().resolve(text)
      locationLabel = label
      host.moveTo(coordinate)
    } catch {
      message = "\(error)"
    }
  }

  private func drive(from: String, to: String, speed: Double) async {
    drive.stop()
    do {
      let places = try await PlaceDirectory.bundled()
      let start: (label: String, coordinate: Coordinate) =
        from.isEmpty
        ? (locationLabel, location.coordinate ?? Self.fallbackCentre)
        : try places.resolve(from)
      let end = try places.resolve(to)
      // On the streets where there are some (Kassel), as the map app routes: the drive starts on
      // the car's street and ends at the destination's street point.
      let route = try await RoadNetwork.bundledWithStreets().streetRoute(
        from: start.coordinate, to: end.coordinate)
      message =
        "Driving \(start.label) → \(end.label), \(Int(route.cumulativeKilometres.last ?? 0)) km at \(Int(speed)) km/h (time ×60)."
      drive.start(route, kmh: speed) { [weak self] point, arrived in
        guard let self else { return }
        self.locationLabel = arrived ? end.label : "on the way to \(end.label)"
        self.host.moveTo(point)
        self.notify()
      }
    } catch {
      message = "\(error)"
    }
  }

  /// Pans or zooms the map of the top template as a driver's gesture does: a point-of-interest
  /// map moves from the region the host shows and draws (``CarSimulator/shownMapRegion``, the
  /// one the app was last told), so repeated presses neither collapse nor jump, with or
  /// without places; a navigation app's map gets the host's drag and zoom gestures.
  private func changeRegion(_ move: MapMove) {
    switch host.topTemplate?.content {
    case .pointOfInterest?:
      guard let shown = host.shownMapRegion else {
        message = "The map has no region yet."
        return
      }
      do {
        try host.drive(.region(move.region(from: shown)))
      } catch {
        message = "\(error)"
      }
    case .map?:
      // A third of a short display's height per press; zoom steps as a double tap does.
      let step = 80.0
      let action: DriverAction
      switch move {
      case .north: action = .drag(dx: 0, dy: step)
      case .south: action = .drag(dx: 0, dy: -step)
      case .east: action = .drag(dx: -step, dy: 0)
      case .west: action = .drag(dx: step, dy: 0)
      case .zoomIn: action = .pinch(2)
      case .zoomOut: action = .pinch(0.5)
      }
      do {
        try host.drive(action)
      } catch {
        message = "\(error)"
      }
    default:
      message = "Moving the map needs a map on screen."
    }
  }

  /// Where the car is taken to be when it has no position: Kassel.
  private static var fallbackCentre: Coordinate { Coordinate(latitude: 51.3127, longitude: 9.4797) }
}
