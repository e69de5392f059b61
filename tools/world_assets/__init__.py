"""Helpers for tools/build_world_assets.py (build-time only; needs the `maptools` extra)."""
