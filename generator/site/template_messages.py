"""The site's texts that live in its templates: marked `[[English message]]`, translated when the
site is built, and found by Babel.

The pages' HTML (templates/site/*.html) and the page script (templates/site/play.js) keep their
English words where they are used, each wrapped in `[[…]]`; a site is built in one language
(`citytrip site --lang`), so the builder writes every template with its messages already in that
language, through the same gettext catalogs as the printables (generator/language.py). babel.cfg
names `extract_site`, so `pybabel extract` puts these messages in the catalog template next to
the Python ones.

    <h2>[[Score so far]]</h2>                       HTML: the message may hold markup and $fields
    say("[[The game is over.]]");                   play.js: only inside a double-quoted string,
    fill("[[Final score {score}]]", {score: 12});   written back as a JSON string literal

A translation replaces the whole marker: in HTML as it is (the catalogs are ours, and a message
may carry inline markup such as <strong>), in JavaScript as a JSON string, so no translation can
end the string early. English output is the template without its brackets.
"""

from __future__ import annotations

import json
import re

from generator.language import _

HTML_MESSAGE = re.compile(r"\[\[(.+?)\]\]", re.S)
SCRIPT_MESSAGE = re.compile(r'"\[\[(.+?)\]\]"')


def _pattern(name: str) -> re.Pattern:
    return SCRIPT_MESSAGE if name.endswith(".js") else HTML_MESSAGE


def translated(text: str, name: str) -> str:
    """The template `text` (file `name`: .html or .js) with every marked message in the language in use."""
    if name.endswith(".js"):
        return SCRIPT_MESSAGE.sub(lambda m: json.dumps(_(m.group(1)), ensure_ascii=False), text)
    return HTML_MESSAGE.sub(lambda m: _(m.group(1)), text)


def extract_site(fileobj, keywords, comment_tags, options):
    """Babel extractor: yield (line, funcname, message, comments) for every `[[…]]` of a site template."""
    text = fileobj.read().decode("utf-8")
    name = getattr(fileobj, "name", "")
    for match in _pattern(str(name)).finditer(text):
        yield text.count("\n", 0, match.start()) + 1, "_", match.group(1), []
