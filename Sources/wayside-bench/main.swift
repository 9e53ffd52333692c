import Foundation

// Hidden subcommand: a demo HTTP server for load checks (Sources/wayside-bench/HTTPBench.swift).
if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "http-serve" {
  exit(await HTTPBench.serve(Array(CommandLine.arguments.dropFirst(2))))
}

print("wayside-bench")

// Spatial index: k nearest, map region, corridor, build and memory (IndexBench.swift).
let indexStatus = IndexBench.run()
if indexStatus != 0 { exit(indexStatus) }
