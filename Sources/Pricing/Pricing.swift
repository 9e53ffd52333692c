// The Pricing module; see README.md for its layer and role.
