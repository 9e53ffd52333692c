#!/usr/bin/env python3
"""Keeps the public declarations of a swift-api-digester dump: IN OUT.

A debug build's modules are compiled for testing, so the digester also sees internal and
`package` declarations (marked "isInternal"); they are no one's API, and a public declaration
made `package` must read as removed.
"""
import json,sys
def strip(n):
    if isinstance(n,dict):
        if 'children' in n:
            n['children']=[strip(c) for c in n['children'] if not (isinstance(c,dict) and c.get('isInternal'))]
        return n
    return n
d=json.load(open(sys.argv[1]))
strip(d['ABIRoot'])
json.dump(d,open(sys.argv[2],'w'),indent=1,sort_keys=False)
