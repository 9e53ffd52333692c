// The TripPlanner module; see README.md for its layer and role.
