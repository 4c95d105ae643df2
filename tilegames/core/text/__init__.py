"""Text for people: the translation layer and its PO reader, and the checks and escaping of
text typed or read from outside.
"""
