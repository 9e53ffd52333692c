import WaysideCLI

await WaysideMain.run()
