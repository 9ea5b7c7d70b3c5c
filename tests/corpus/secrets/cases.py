"""The secret leak corpus: ``build(seed)`` returns every generated file with its labels.

Each family module draws from its own generator seeded by ``(seed, module)``, so adding a file
to one module leaves the values of the others unchanged. ``kit.validate`` checks the labels
describe the text truthfully (every label occurs, no keep control lives only inside a secret).
"""

from __future__ import annotations

from tests.corpus import Case
from tests.corpus.secrets import code, configs, credfiles, keys, layout, nearmiss, ops, prose, shell
from tests.corpus.secrets.kit import Gen

MODULES = (shell, credfiles, configs, code, prose, keys, ops, layout, nearmiss)


def build(seed: int = 0) -> list[Case]:
    """Every case of the secret corpus for ``seed``; deterministic."""
    cases: list[Case] = []
    for mod in MODULES:
        cases.extend(mod.build(Gen(f"{seed}:{mod.__name__.rsplit('.', 1)[-1]}")))
    return cases
