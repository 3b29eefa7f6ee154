"""The MkDocs plugin: the only part of Rulecraft that imports MkDocs (or Material).

``plugin.py`` holds the hooks; the work is done by the core and the Markdown extension.
"""
