"""Drift in prose: what the rules' words say that the data does not (or says twice, differently).

Every detector reads the same published texts (``texts.published_texts``): each docs page of the game and
every text field of its data, with code blanked out so examples in code are not read as rules.
"""
