"""The widgets. They show the session's view and turn clicks and drops into actions."""
