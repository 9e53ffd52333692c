// The StationStore module; see README.md for its layer and role.
