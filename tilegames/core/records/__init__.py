"""What is kept on disk: the journal (reading and writing), the saves folder and its index,
the journal's lock, strict JSON lines, and the bounded reading of every file from outside.
"""
