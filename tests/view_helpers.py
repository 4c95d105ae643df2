"""Reading views in secrecy tests."""

from __future__ import annotations


def tile_ids_in(obj) -> set[int]:
    """Every tile id anywhere in a JSON document (tiles are objects with "id" and "face")."""
    found: set[int] = set()
    if isinstance(obj, dict):
        if "id" in obj and "face" in obj:
            found.add(obj["id"])
        for value in obj.values():
            found |= tile_ids_in(value)
    elif isinstance(obj, list):
        for value in obj:
            found |= tile_ids_in(value)
    return found
