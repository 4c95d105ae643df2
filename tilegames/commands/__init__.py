"""Subcommands of `tilegames`, one module per group; each adds itself to the one parser."""
