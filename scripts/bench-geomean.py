#!/usr/bin/env python3
"""Geomeans of a bench-report table (bench-results/*.md): x Aparapi (Ferrocl faster above 1), the fraction of
hand-written end to end and of its kernel, over the rows that have each value.  Usage: bench-geomean.py MD..."""
import math,sys
def rows(p):
    out={}
    for line in open(p):
        if not line.startswith('| ') or line.startswith('| benchmark'): continue
        c=[x.strip() for x in line.strip().strip('|').split('|')]
        if len(c)<10 or not c[1][0].isdigit(): continue
        def num(s):
            s=s.replace('×','').replace(',','').split(' ')[0]
            try: return float(s)
            except: return None
        out[(c[0],c[1])]=dict(apar=num(c[5]), e2e=num(c[6]), kern=num(c[7]))
    return out
for p in sys.argv[1:]:
    r=rows(p)
    for k in ('apar','e2e','kern'):
        v=[x[k] for x in r.values() if x[k]]
        print(p.split('/')[-1], k, len(v), round(math.exp(sum(map(math.log,v))/len(v)),3))
