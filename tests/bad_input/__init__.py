"""Bad input corpus: broken variants of the seed games, one mistake each (see cases.py)."""
