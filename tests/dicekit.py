"""The dice fixture game shared by the odds tests and the browser tests, with hand-counted chances."""

from __future__ import annotations

DICE_YAML = """\
    dice:
      - id: combat-die
        name: Combat die
        faces:
          - {id: hit, label: Hit, count: 3, glyph: "✹"}
          - {id: miss, label: Miss, count: 2}
          - {id: crit, label: Critical hit, glyph: "★"}
    tables:
      - id: morale
        title: Morale check
        dice: 1d6
        when: When a unit loses a step.
        modifiers:
          - {id: leader, label: if a leader is present, value: 1, count: [0, 1]}
          - {id: wounds, label: per wound, value: -1, count: [0, 2]}
        rows:
          - {roll: 2-, result: The unit routs.}
          - {roll: 3-4, result: The unit falls back.}
          - {roll: 5+, result: The unit holds.}
      - id: scatter
        title: Scatter
        dice: 1d6
        rows:
          - {roll: 1-2, result: Left.}
          - {roll: 3-4, result: Straight on.}
          - {roll: 5+, result: Right.}
      - id: weather
        title: Weather
        dice: 2d6
        modifiers:
          - {id: vane, label: with a weather vane, value: 1, count: [0, 1]}
        rows:
          - {roll: 2, result: Hail.}
          - {roll: 3, result: Storm.}
          - {roll: 4, result: Rain.}
          - {roll: 5, result: Drizzle.}
          - {roll: 6, result: Clouds.}
          - {roll: 7, result: Fair.}
          - {roll: 8, result: Sunny.}
          - {roll: 9, result: Hot.}
          - {roll: 10, result: Wind.}
          - {roll: 11, result: Fog.}
          - {roll: 12+, result: Snow.}
        any_result: Each Widget in the open loses a step.
      - id: encounter
        title: Encounter
        dice: d66
        rows:
          - {roll: 11-16, result: Bandits.}
          - {roll: 21-36, result: Merchants with a Widget.}
          - {roll: 41-56, result: Pilgrims.}
          - {roll: 61-66, result: A dragon.}
      - id: attack
        title: Attack
        custom_die: combat-die
        per: attacking unit
        rows:
          - {face: hit, result: The target loses a step.}
          - {face: miss, result: No effect.}
          - {face: crit, result: The target is destroyed.}
    """

# Hand-counted chances (numerators over the table's outcomes: 6 for 1d6 and the combat die, 36 otherwise).
EXPECTED = {
    ("morale", 0): ([2, 2, 2], 6),   # 1-2 | 3-4 | 5-6
    ("morale", 1): ([1, 2, 3], 6),   # leader: 1 -> 2 routs; 2,3 -> 3,4; 4,5,6 -> 5+
    ("morale", -1): ([3, 2, 1], 6),  # a wound: 1,2,3 -> 0..2; 4,5 -> 3,4; 6 -> 5
    ("morale", -2): ([4, 2, 0], 6),  # two wounds: 1..4 -> -1..2; 5,6 -> 3,4; nothing holds
    ("scatter", 0): ([2, 2, 2], 6),
    ("weather", 0): ([1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1], 36),  # the 2d6 bell: ways to make 2..12
    ("weather", 1): ([0, 1, 2, 3, 4, 5, 6, 5, 4, 3, 3], 36),  # vane: 2 is impossible, 12+ = rolled 11 or 12
    ("encounter", 0): ([6, 12, 12, 6], 36),  # one tens digit: 6 of 36; two tens digits: 12 of 36
    ("attack", 0): ([3, 2, 1], 6),  # faces: 3 hits, 2 misses, 1 critical
}

# The roll forms beyond a table of totals: numeric custom faces, keep, reroll, explode, opposed rolls,
# target numbers, success pools and a die whose face counts are unknown.
FORMS_YAML = """\
    dice:
      - id: island-die
        name: Island die
        description: A six-sided die marked 1, 1, 2, 2, 3, 3.
        faces:
          - {id: one, label: "1", value: 1, count: 2}
          - {id: two, label: "2", value: 2, count: 2}
          - {id: three, label: "3", value: 3, count: 2}
      - id: omen-die
        name: Omen die
        unknown_counts: The rules name the omens but not how many faces show each.
        faces:
          - {id: good, label: Good omen}
          - {id: bad, label: Bad omen}
    tables:
      - id: duel
        title: Duel
        custom_die: island-die
        count: 2
        opposed:
          difference: {label: the attacker's might minus the defender's, range: [-2, 2]}
          ties: reroll
          attacker_wins: The defender loses a Widget.
          defender_wins: The attacker retreats.
      - id: monster
        title: Fighting a monster
        custom_die: island-die
        target:
          bonus: {label: your might, range: [0, 3]}
          against: {label: the monster's might, range: [2, 6]}
          success: The monster is defeated.
          failure: You flee.
      - id: harvest
        title: Harvest
        dice: 1d6
        modifiers:
          - {id: tools, label: per tool card, value: 1, count: [0, 3], assumed: The rules give no limit.}
        pool:
          dice: {label: worker in the fields, range: [1, 6]}
          success: 4+
          shown: 3
          per_success: Gain one Widget.
      - id: strength
        title: Hero's strength
        dice: 4d6
        keep: {highest: 3}
        rows:
          - {roll: 17-, result: An ordinary hero.}
          - {roll: 18, result: A legend.}
      - id: wild
        title: Wild die
        dice: 1d6
        reroll: {on: 1}
        explode: {depth: 2}
        rows:
          - {roll: 1-5, result: Nothing special.}
          - {roll: 7+, result: A wild success.}
      - id: omen
        title: Omen
        custom_die: omen-die
        rows:
          - {face: good, result: Draw a Widget.}
          - {face: bad, result: Lose a Widget.}
    """
