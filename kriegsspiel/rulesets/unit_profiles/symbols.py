"""The military symbol of each unit type of unit profiles, for its counters and their legend.

Kept here, outside unit-profiles.toml, on purpose: the symbols are pictures, not rules, and the data file's
fingerprint (which every save embeds) must not change when a picture does. Frames and glyphs are the APP-6
words the drawing knows (kriegsspiel/render/counters.py): land units a rectangle with their arm inside,
ships a circle (submarines an open U) with their hull letters, aircraft a dome with their role letters,
fortifications the installation frame. ``weight`` tells apart types of one arm (L light, H heavy, ...).
"""
from __future__ import annotations

from collections.abc import Mapping

from kriegsspiel.core.area import UnitSymbol
from kriegsspiel.rulesets.unit_profiles.data import UnitProfilesRules

#: unit type -> (frame, glyph, text, weight); every type of unit-profiles.toml has one (a test checks)
SYMBOLS: Mapping[str, tuple[str, str, str, str]] = {
    # land: infantry and its kinds
    "auxiliaries": ("land", "infantry", "", "A"),
    "colonial-infantry": ("land", "infantry", "", "C"),
    "infantry": ("land", "infantry", "", ""),
    "mountain-infantry": ("land", "mountain", "", ""),
    "heavy-infantry": ("land", "infantry", "", "H"),
    "paratroopers": ("land", "airborne", "", ""),
    "marines": ("land", "amphibious", "", ""),
    "engineers": ("land", "engineers", "", ""),
    "motorized-infantry": ("land", "motorized", "", ""),
    "mechanized-infantry": ("land", "mechanized", "", ""),
    # land: horse, tracks and guns
    "cavalry": ("land", "cavalry", "", ""),
    "armored-car": ("land", "armoured-reconnaissance", "", ""),
    "light-armor": ("land", "armour", "", "L"),
    "armor": ("land", "armour", "", ""),
    "heavy-armor": ("land", "armour", "", "H"),
    "anti-tank-gun": ("land", "anti-tank", "", ""),
    "light-artillery": ("land", "artillery", "", "L"),
    "artillery": ("land", "artillery", "", ""),
    "heavy-artillery": ("land", "artillery", "", "H"),
    "self-propelled-gun": ("land", "self-propelled-artillery", "", ""),
    "aaa": ("land", "air-defence", "", ""),
    "supply-column": ("land", "supply", "", ""),
    # air: role letters under the dome (APP-6: F fighter, B bomber, C cargo); bombers L light, H heavy,
    # T torpedo, D dive
    "air-transport": ("air", "text", "C", ""),
    "airship": ("air", "airship", "", ""),
    "fighter": ("air", "text", "F", ""),
    "torpedo-bomber": ("air", "text", "B", "T"),
    "dive-bomber": ("air", "text", "B", "D"),
    "light-bomber": ("air", "text", "B", "L"),
    "heavy-bomber": ("air", "text", "B", "H"),
    # sea: hull letters in the circle, submarines in the open U; C coastal, F fast, E escort, A armored
    "auxiliary-cruiser": ("sea", "text", "AC", ""),
    "torpedo-boat-destroyer": ("sea", "text", "TB", ""),
    "destroyer": ("sea", "text", "DD", ""),
    "coastal-submarine": ("subsurface", "text", "SS", "C"),
    "submarine": ("subsurface", "text", "SS", ""),
    "naval-transport": ("sea", "text", "AK", ""),
    "troopship": ("sea", "text", "AP", ""),
    "cruiser": ("sea", "text", "CA", ""),
    "dreadnaught": ("sea", "text", "DN", ""),
    "coast-defense-ship": ("sea", "text", "BD", ""),
    "coastal-battleship": ("sea", "text", "BB", "C"),
    "battlecruiser": ("sea", "text", "CC", ""),
    "battleship": ("sea", "text", "BB", ""),
    "fast-battleship": ("sea", "text", "BB", "F"),
    "juggernaut": ("sea", "text", "JG", ""),
    "escort-carrier": ("sea", "text", "CV", "E"),
    "carrier": ("sea", "text", "CV", ""),
    "armored-carrier": ("sea", "text", "CV", "A"),
    # structures
    "fortification": ("installation", "fortification", "", ""),
    "fortress": ("installation", "fortress", "", ""),
}


def unit_symbols(rules: UnitProfilesRules) -> dict[str, UnitSymbol]:
    """Each unit type of ``rules`` with its symbol and its name; a type the table does not know (a rule set
    file with a new type) gets its domain's frame and its initials, so it is still drawn and named."""
    frames = {"land": "land", "air": "air", "naval": "sea", "structure": "installation"}
    symbols = {}
    for kind, profile in rules.units.items():
        frame, glyph, text, weight = SYMBOLS.get(kind) or (
            frames.get(profile.domain, "land"), "text", "".join(w[0] for w in kind.split("-")).upper()[:3], "")
        symbols[kind] = UnitSymbol(frame, glyph, text, weight, profile.name)
    return symbols
