#!/usr/bin/env python3
"""The tables of docs/migrate-analysis.md: each live click of
tests/fixtures/expected.json on the 24 upstream and 4 seed pages, classified
by what a zero-code page needs to reproduce it (needs target/release/glance).
A quick analysis aid, not part of any check."""
import re, json, os, sys, subprocess, collections
from html.parser import HTMLParser
R='/work/wt-migrate'
exp=json.load(open(R+'/tests/fixtures/expected.json'))
GL=R+'/target/release/glance'
MARK={'yellow.png':'slide','orange.png':'leap','green.png':'move','red.png':'capture','cyan.png':'first-leg','open.png':'block'}
class T(HTMLParser):
    def __init__(s):
        super().__init__(convert_charrefs=True); s.tables=[]; s.stack=[]; s.cell=None
    def handle_starttag(s,tag,a):
        if tag=='table': s.stack.append([]); s.tables.append(s.stack[-1])
        elif tag=='tr' and s.stack: s.stack[-1].append([])
        elif tag in('td','th') and s.stack and s.stack[-1]: s.stack[-1][-1].append(''); s.cell=s.stack[-1][-1]
    def handle_endtag(s,tag):
        if tag=='table' and s.stack: s.stack.pop()
    def handle_data(s,d):
        if s.cell is not None and s.stack and s.stack[-1] and s.stack[-1][-1] is s.cell: s.cell[-1]+=d
def rows_of(path):
    t=T(); t.feed(open(path,encoding='utf-8').read())
    out=[]
    for tab in t.tables:
        hdr=None
        for r in tab:
            c=[' '.join(x.split()) for x in r]
            low=[x.lower() for x in c]
            if hdr is None:
                if 'id' in low and any(x.startswith('moves') for x in low):
                    hdr=(next(i for i,x in enumerate(low) if x.startswith('piece')), low.index('id'), next(i for i,x in enumerate(low) if x.startswith('moves')), next((i for i,x in enumerate(low) if x.startswith('remarks')),None))
                continue
            if len(c)<=hdr[2]: continue
            out.append(dict(name=c[hdr[0]], id=c[hdr[1]], moves=c[hdr[2]], remarks=c[hdr[3]] if hdr[3] is not None and hdr[3]<len(c) else ''))
    return out
def diag(betza, files, ranks, x, y, black):
    sq=chr(97+x)+str(y+1)
    r=subprocess.run([GL,'diagram',betza,'--board',f'{files}x{ranks}','--at',sq,'--json']+(['--black'] if black else []),capture_output=True,text=True)
    if r.returncode: return None
    m=json.loads(r.stdout)['marks']
    return {f'sq{ord(k[0])-97}x{int(k[1:])-1}':v for k,v in m.items()}
def first_alt(mv):
    w=mv.split()
    return w[0] if w and not w[0].startswith('(') else ''
pages=[('upstream/'+p, R+'/tests/fixtures/upstream/'+p, p) for p in sorted(os.listdir(R+'/tests/fixtures/upstream'))]
pages+=[('rules-html/'+p, R+'/rules-html/'+p, p) for p in ['Spartan.html','Capablanca.html','No.html','TwoKings.html']]
causes=collections.Counter(); perpage={}; detail=[]
for label,path,key in pages:
    e=exp[key]; rows=rows_of(path)
    cells=e['board']; xs=[int(c[2:].split('x')[0]) for c in cells]; ys=[int(c.split('x')[1]) for c in cells]
    files,ranks=max(xs)+1,max(ys)+1
    live=[c for c in e['clicks'] if c['piece']]
    n=collections.Counter()
    for c in live:
        name=c['piece']['name']; down=c['down']
        x,y=map(int,c['cell'][2:].split('x'))
        code=c['handler'][c['handler'].index('(')+1:c['handler'].index(')')].split(',')
        neg = any(v.strip().startswith('-') for v in code)
        demo = any(v not in MARK for v in down.values())
        rest=e['at_rest'].get(c['cell'],'')
        black=rest.startswith('Black')
        def norm(t): return ' '.join(re.sub(r'[()\-:]',' ',t.lower()).split())
        def named(r):
            a,b=norm(r['name']),norm(name)
            return bool(a) and (a==b or b.startswith(a+' ') or a.startswith(b+' ') or (b+' ') in (a+' '))
        want={k:MARK[v] for k,v in down.items()} if not demo else None
        same=[]
        for r in rows:
            if demo: break
            b=first_alt(r['moves'])
            d=diag(b,files,ranks,x,y,black) if b not in ('','-') else {}
            if d is not None and {k:v for k,v in d.items() if k in cells}==want: same.append(r)
        if demo: cause='demonstration'
        elif any(named(r) for r in same): cause='row'
        elif same: cause='row-other-name'
        elif any(named(r) for r in rows): cause='row-differs'
        else: cause='no-row'
        cands=[r for r in same if named(r)] or same or [r for r in rows if named(r)]
        if neg: cause+='+negative'
        n[cause]+=1; causes[cause]+=1
        detail.append((label,c['cell'],c['handler'],name,cause,[ (r['id'],r['moves']) for r in cands]))
    perpage[label]=(len(live),dict(n))
for k,v in perpage.items(): print(k,v)
print(causes, sum(causes.values()))
json.dump([list(x) for x in detail],open("/tmp/detail.json","w"))
for d in detail:
    if not d[4].startswith('row') or d[4]!='row': print(d)
