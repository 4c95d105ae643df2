"""The Textual app. It renders views from a session and sends edits and actions back;
it never touches game state directly (DESIGN.md §4, §8)."""
