// The KitDemos module; see README.md for its layer and role.
