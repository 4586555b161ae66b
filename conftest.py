"""Collect the scenario catalogue (``scenarios/**/*.yaml``) as pytest items named by id."""

pytest_plugins = ["rightofway.pytest_plugin", "pytester"]
