# An access token by the OAuth password grant: url, client, username, password[, scope].
import json, sys, urllib.parse, urllib.request
url, client, username, password, *scope = sys.argv[1:]
fields = {'grant_type': 'password', 'client_id': client,
          'username': username, 'password': password}
if scope:
    fields['scope'] = scope[0]
form = urllib.parse.urlencode(fields).encode()
with urllib.request.urlopen(url, data=form, timeout=10) as response:
    print(json.load(response)['access_token'])
