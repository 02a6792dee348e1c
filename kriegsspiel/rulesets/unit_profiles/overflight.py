"""Air transports over hostile territory (R23.3, R23.4): the free attack of the AAA and fighters of each hostile
territory a transport flies through (not its target), and the transports it downs, chosen by their owner
(R21.3) when they carry different cargo."""
from __future__ import annotations

import itertools
from collections.abc import Callable

from kriegsspiel.rulesets.unit_profiles.board import is_land
from kriegsspiel.rulesets.unit_profiles.fighting import Ask
from kriegsspiel.rulesets.unit_profiles.game import Game, Unit


def overflight(game: Game, power: str, transports: list[Unit], path: tuple[str, ...],
               roll: Callable[[], int], ask: Ask | None = None) -> list[str]:
    """R23.3, R23.4: in each hostile territory an air transport overflies (not its target), each AAA rolls one
    die per transport (hits on 2, R21.3) and each defending fighter one die at its defense against aircraft;
    each hit downs a transport, its cargo with it. The transports' owner chooses which (R21.3), asked with
    ``ask`` when the choice matters (transports loaded alike are interchangeable); without ``ask`` (or by
    default) the least loaded go first."""
    lines: list[str] = []
    for terr in path[1:-1]:
        flying = [t for t in transports if t.uid in game.units]
        if not flying or not is_land(game.board, terr) or not game.hostile(terr, power):
            continue
        guns = [u for u in game.enemies_at(terr, power) if u.kind == "aaa"]
        fighters = [u for u in game.enemies_at(terr, power) if u.kind == "fighter"]
        needs = [game.value("aaa_hit")] * (len(guns) * len(flying))
        needs += [dict(game.profile(f).defense_vs).get("aircraft", game.profile(f).defense or 0) for f in fighters]
        if not needs:
            continue
        dice = [roll() for _ in needs]
        hits = sum(1 for d, n in zip(dice, needs) if d <= n)
        firers = [g.uid for g in guns for _ in flying] + [f.uid for f in fighters]
        if ask is None:  # a save of before the overflight was asked: its line as it was then
            shown = f"{', '.join(f'{d}/{n}' for d, n in zip(dice, needs))}: {hits} hit(s)"
        else:
            shown = f"{', '.join(f'{u} {d}/{n}' for u, d, n in zip(firers, dice, needs))}: {hits} hit(s)"
        lines.append(f"  free attack over {terr}: {shown}")
        downed = _downed(game, power, terr, flying, hits, transports[0].uid, shown, ask)
        for t in downed:
            for c in game.cargo_of(t.uid):
                del game.units[c.uid]
            del game.units[t.uid]
            lines.append(f"  {t.uid} (air transport) shot down over {terr}, its cargo lost (R23.4)")
    return lines


def _downed(game: Game, power: str, terr: str, flying: list[Unit], hits: int, first: str, shown: str,
            ask: Ask | None) -> list[Unit]:
    """The air transports ``hits`` hits down over ``terr``: the owner's choice (R21.3) among the ways that differ
    for play (by cargo), the least loaded first; asked only when there is more than one."""
    def load(t: Unit) -> tuple[str, ...]:
        return tuple(sorted(c.kind for c in game.cargo_of(t.uid)))

    ranked = sorted(flying, key=lambda t: (len(game.cargo_of(t.uid)), t.uid))
    if hits >= len(flying):
        return ranked
    options: list[list[Unit]] = []
    seen: set[tuple[tuple[str, ...], ...]] = set()  # the combinations' cargoes, which are what differs for play
    for combo in itertools.combinations(ranked, hits):
        cargoes = tuple(sorted(load(t) for t in combo))
        if cargoes not in seen:
            seen.add(cargoes)
            options.append(list(combo))
    if len(options) < 2 or ask is None:
        return options[0] if options else []
    key = f"{terr} r0 overflight-{first}"
    texts = [f"casualties {key}: " + " ".join(t.uid for t in combo) for combo in options[:24]]
    cargo = "; ".join(f"{t.uid} carries {', '.join(f'{c.uid} {c.kind}' for c in game.cargo_of(t.uid)) or 'nothing'}"
                      for t in ranked)
    question = (f"{key}: the free attack over {terr} rolled {shown} on {power}'s air transports ({cargo}). "
                f"{power} chooses the {hits} shot down, their cargo with them (R21.3, R23.4)")
    return options[texts.index(ask("casualties", key, 0, texts, question))]
