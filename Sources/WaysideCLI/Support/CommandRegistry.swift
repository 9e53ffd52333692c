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

  /// The subcommand with this name, if any.
  public static func command(named name: String) -> (any WaysideCommand.Type)? {
    all.first { $0.name == name }
  }
}
