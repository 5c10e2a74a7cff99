"""Prepares a fresh PocketBase for `cargo xtask bench matches`.

usage: pocketbase_events.py BASE_URL EMAIL PASSWORD

The superuser must exist (`pocketbase superuser upsert`). Creates the `events` collection (one
record per match event: match, seq, team, player, goal, period, clock and the client's id),
readable by anyone, so anonymous realtime clients receive its records, and written by
superusers only; prints the superuser's token on stdout. Python's standard library only.
"""

import sys

from pocketbase_api import call, superuser_token


def main():
    base, email, password = sys.argv[1:]
    token = superuser_token(base, email, password)
    number = {"type": "number", "onlyInt": True}
    call(base, "POST", "/api/collections", {
        "name": "events",
        "type": "base",
        # Anyone may list and view (and so receive realtime messages); only superusers write.
        "listRule": "",
        "viewRule": "",
        "createRule": None,
        "updateRule": None,
        "deleteRule": None,
        "fields": [
            dict(number, name="match", required=True),
            dict(number, name="seq"),
            dict(number, name="team"),
            dict(number, name="player"),
            {"name": "isGoal", "type": "bool"},
            dict(number, name="period"),
            dict(number, name="minute"),
            dict(number, name="seconds"),
            {"name": "clientId", "type": "text"},
        ],
        "indexes": ["CREATE INDEX idx_events_match ON events (match)"],
    }, token)
    print(token)


if __name__ == "__main__":
    main()
