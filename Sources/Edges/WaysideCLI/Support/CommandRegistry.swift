/// Every `wayside` subcommand, in the order `wayside --help` lists them.
public enum CommandRegistry {
  /// The subcommands.
  public static let all: [any WaysideCommand.Type] = [
    ServeCommand.self,
    RenderCommand.self,
    JourneyCommand.self,
    LintCommand.self,
    StationsCommand.self,
    StatusCommand.self,
    PriceCommand.self,
    RouteCommand.self,
    PlanCommand.self,
    TariffsCommand.self,
    VehicleCommand.self,
  ]

  /// The subcommands that work on any app, offered with a package's own apps too.
  package static let kit: [any WaysideCommand.Type] = [
    ServeCommand.self, RenderCommand.self, JourneyCommand.self, LintCommand.self,
  ]

  /// The subcommands for the current app catalogue: every one for Wayside's apps, the kit's
  /// for a package's own.
  package static var current: [any WaysideCommand.Type] {
    AppCatalog.current.isWayside ? all : kit
  }

  /// The subcommand with this name among the current ones, if any.
  public static func command(named name: String) -> (any WaysideCommand.Type)? {
    current.first { $0.name == name }
  }
}
