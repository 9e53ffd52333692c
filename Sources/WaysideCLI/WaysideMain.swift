/// The `wayside` command line's entry point.
public enum WaysideMain {
  /// Runs the command line with the process arguments and exits with its status.
  public static func run() async {
    print("wayside: under construction")
  }
}
