// The CarTemplates module; see README.md for its layer and role.
