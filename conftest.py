"""Repository-level pytest set-up: files that must not be imported for doctests."""

collect_ignore = ["racerlab/__main__.py"]
