# A personal API token (GET /api/Users/api-token) of the account an access token names:
# base URL, access token.
import json, sys, urllib.request
base, access = sys.argv[1:]
request = urllib.request.Request(f'{base}/api/Users/api-token',
                                 headers={'Authorization': f'Bearer {access}'})
with urllib.request.urlopen(request, timeout=10) as response:
    print(json.load(response)['token'])
