"""Loads the players of `cargo xtask bench players` into a fresh PocketBase.

usage: pocketbase_load.py BASE_URL EMAIL PASSWORD PLAYERS_TSV

The superuser must exist (`pocketbase superuser upsert`). Enables the batch Web API, creates the
`players` collection (list and view for superusers only, indexes on surname and club), loads
every line of PLAYERS_TSV (name, surname, club, country of birth, city of birth; tab separated)
through `POST /api/batch`, checks the count and prints the superuser's token on stdout.
Python's standard library only.
"""

import sys
import time

from pocketbase_api import call, superuser_token

BATCH = 1000


def main():
    base, email, password, tsv = sys.argv[1:]
    token = superuser_token(base, email, password)
    call(base, "PATCH", "/api/settings",
         {"batch": {"enabled": True, "maxRequests": BATCH, "timeout": 120, "maxBodySize": 0}},
         token)
    text = {"type": "text"}
    call(base, "POST", "/api/collections", {
        "name": "players",
        "type": "base",
        "listRule": None,
        "viewRule": None,
        "fields": [
            dict(text, name="name", required=True),
            dict(text, name="surname", required=True),
            {"name": "club", "type": "number", "onlyInt": True},
            dict(text, name="countryOfBirth"),
            dict(text, name="cityOfBirth"),
        ],
        # The search's order (surname, name) and its club filter.
        "indexes": [
            "CREATE INDEX idx_players_surname ON players (surname, name)",
            "CREATE INDEX idx_players_club ON players (club)",
        ],
    }, token)
    with open(tsv, encoding="utf-8") as file:
        rows = [line.rstrip("\n").split("\t") for line in file if line.strip()]
    started = time.monotonic()
    for start in range(0, len(rows), BATCH):
        requests = [{
            "method": "POST",
            "url": "/api/collections/players/records",
            "body": {"name": name, "surname": surname, "club": int(club),
                     "countryOfBirth": country, "cityOfBirth": city},
        } for name, surname, club, country, city in rows[start:start + BATCH]]
        call(base, "POST", "/api/batch", {"requests": requests}, token)
    loaded = call(base, "GET", "/api/collections/players/records?perPage=1", token=token)
    if loaded["totalItems"] != len(rows):
        sys.exit(f"PocketBase holds {loaded['totalItems']} players, expected {len(rows)}")
    print(f"loaded {len(rows)} players into PocketBase in {time.monotonic() - started:.1f} s",
          file=sys.stderr)
    print(token)


if __name__ == "__main__":
    main()
