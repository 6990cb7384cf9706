"""A page's claims: every `data-rule` attribute, read with html.parser.

Each attribute holds `key=value` claims separated by `;`; a group is one
element's claims, in the page's order."""

import collections
from html.parser import HTMLParser


class ClaimParser(HTMLParser):
    def __init__(self):
        super().__init__()
        self.groups = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name == "data-rule" and value is not None:
                claims = collections.OrderedDict()
                for part in value.split(";"):
                    part = part.strip()
                    if not part:
                        continue
                    key, _, val = part.partition("=")
                    claims[key.strip()] = val.strip()
                self.groups.append(claims)


def read_claims(path):
    parser = ClaimParser()
    with open(path, encoding="utf-8") as f:
        parser.feed(f.read())
    return parser.groups
