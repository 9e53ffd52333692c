import Chargers
import WaysideSimulator

/// `swift run chargers-simulator` serves the app in the web simulator on
/// http://127.0.0.1:8080; `journey`, `lint` and `render` take its id, `chargers`.
@main
struct Simulator {
  static func main() async {
    await WaysideSimulator.main(apps: [Chargers.descriptor])
  }
}
