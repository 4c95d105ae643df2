"""Scenarios: rule demonstrations as TOML files, read (`load`), played (`run`) and checked
(`check`), with each game's notation for them (`notation`).
"""
