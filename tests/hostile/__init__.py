"""Hostile inputs for tests/test_hostile_inputs.py: real files, mutated with a fixed seed."""
