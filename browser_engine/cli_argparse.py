"""Command line (CPython): argparse in French, shared by every command line of the project.

`ParseurFrancais` is the one `argparse.ArgumentParser` the project's CLIs use (`browser_engine`,
`generator`): French usage, help titles and error messages (exit code 2, no usage dump), help on
`-h`, `--aide` and `--help`, and no prefix matching of long options (`--des-def` is refused, not
read as `--des-defense`).
"""
from __future__ import annotations

import argparse
import re
from typing import Any, NoReturn

AIDE = ("-h", "--aide", "--help")
# argparse's English messages (Python 3.11 to 3.13) and their French wording.
_MESSAGES_FR = (
    (re.compile(r"the following arguments are required: (.*)"), "arguments obligatoires manquants : {0}"),
    (re.compile(r"unrecognized arguments: (.*)"), "arguments non reconnus : {0}"),
    (re.compile(r"argument (\S+): invalid choice: '?([^' ]*)'? \(choose from (.*)\)"),
     "{0} : choix « {1} » invalide (possibles : {2})"),
    (re.compile(r"argument (\S+): expected one argument"), "l'option {0} attend une valeur"),
    (re.compile(r"argument (\S+): expected at least one argument"), "l'option {0} attend au moins une valeur"),
    (re.compile(r"argument (\S+): expected at most one argument"), "l'option {0} attend au plus une valeur"),
    (re.compile(r"argument (\S+): ignored explicit argument '(.*)'"), "l'option {0} ne prend pas de valeur"),
    (re.compile(r"ambiguous option: (\S+) could match (.*)"), "option {0} ambiguë : elle peut désigner {1}"),
    (re.compile(r"argument (\S+): invalid \S+ value: (.*)"), "{0} : valeur invalide {1}"),
    (re.compile(r"argument (\S+): not allowed with argument (\S+)"), "{0} : incompatible avec {1}"),
    (re.compile(r"one of the arguments (.*) is required"), "l'un de ces arguments est obligatoire : {0}"),
    (re.compile(r"argument (\S+): expected .*"), "l'option {0} attend des valeurs"),
)


def message_francais(message: str) -> str:
    """The French wording of an English argparse error message (an unknown one is kept, introduced in French)."""
    for motif, francais in _MESSAGES_FR:
        trouve = motif.fullmatch(message.strip())
        if trouve:
            groupes = list(trouve.groups())
            if "choix" in francais:  # the choices as argparse quotes them: 'check', 'dump'
                groupes[2] = groupes[2].replace("'", "")
            return francais.format(*groupes)
    return f"arguments invalides ({message})"


class AideFrancaise(argparse.HelpFormatter):
    """The help's usage line introduced in French (« utilisation : »)."""

    def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
        """Add the usage line with the French prefix."""
        super().add_usage(usage, actions, groups, prefix if prefix is not None else "utilisation : ")


class ParseurFrancais(argparse.ArgumentParser):
    """argparse with French help and errors, help on `-h`/`--aide`/`--help`, no abbreviated options."""

    def __init__(self, *args: Any, aide: bool = True, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", AideFrancaise)
        kwargs["add_help"] = False
        kwargs["allow_abbrev"] = False
        super().__init__(*args, **kwargs)
        self._positionals.title = "arguments"
        self._optionals.title = "options"
        if aide:
            self.add_argument(*AIDE, action="help", help="afficher cette aide et quitter")

    def error(self, message: str) -> NoReturn:
        """Print the error in French with a pointer to the help, and exit with code 2."""
        self.exit(2, f"Erreur : {message_francais(message)}\nVoir « {self.prog} --aide ».\n")
