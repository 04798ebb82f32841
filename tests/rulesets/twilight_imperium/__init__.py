"""Tests of Twilight Imperium's app seats: its policy at each level, and its games headless."""
