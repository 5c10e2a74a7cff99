"""PocketBase's Web API as the benchmark scripts call it: JSON in and out, Python's standard
library only; any error status ends the script with the answer."""

import json
import sys
import urllib.error
import urllib.request


def call(base, method, path, body=None, token=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", token)
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:
        sys.exit(f"{method} {path}: {error.code} {error.read().decode()[:2000]}")


def superuser_token(base, email, password):
    return call(base, "POST", "/api/collections/_superusers/auth-with-password",
                {"identity": email, "password": password})["token"]
