"""The ``redraft`` command line: one module per command."""
