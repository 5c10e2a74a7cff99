"""The peer figure for `cargo xtask bench pdf`: the same scoresheet drawn with ReportLab's
canvas (Python's usual PDF library), so the CLI renderer's time has something to stand beside.

It draws what crates/pdf/src/scoresheet.rs draws, in the same places: the header, both team
tables (16 slots, fouls, goals per period, coaches, totals) with their rules, and the
progressive log in columns with continuation pages, in Roboto Condensed embedded (ReportLab
subsets it). The model is the demo's shootout sheet with its log cycled to what a 300-event
match gives (45 rows per 108 events). Prints p50, p95 and the file size.
"""

import io
import json
import sys
import time

from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

root = sys.argv[1]
pdfmetrics.registerFont(TTFont("R", f"{root}/assets/fonts/RobotoCondensed-Regular.ttf"))
pdfmetrics.registerFont(TTFont("B", f"{root}/assets/fonts/RobotoCondensed-Bold.ttf"))
vector = json.load(open(f"{root}/fixtures/vectors/scoresheet/demo-shootout.json"))
sheet = vector["sheets"]["en"]
rows = round(len(sheet["log"]) * 300 / len(vector["events"]))
log = [sheet["log"][i % len(sheet["log"])] for i in range(rows)]
W, H = landscape(A4)


def y(v):
    return H - v * mm


def team(c, t, top):
    c.setFont("B", 9)
    c.drawString(11 * mm, y(top + 3.7), f"{t['colour'].upper()} · {t['name']}")
    c.rect(10 * mm, y(top + 5), 145 * mm, 5 * mm)
    for n in range(1, 17):
        base = top + 9 + n * 3.6 - 1
        slot = next((s for s in t["slots"] if s["number"] == n), None)
        c.line(10 * mm, y(top + 9 + (n - 1) * 3.6), 155 * mm, y(top + 9 + (n - 1) * 3.6))
        if slot:
            c.setFont("B", 7)
            c.drawCentredString(14 * mm, y(base), str(slot["cap"]))
            c.setFont("R", 7)
            c.drawString(18.8 * mm, y(base), slot["name"])
            for i, f in enumerate(slot["fouls"]):
                c.drawCentredString((75 + i * 10) * mm, y(base), f"{f['code']} {f['period'] - 1199}")
            for i, g in enumerate(slot["goals"]):
                if g:
                    c.drawCentredString((104.5 + i * 9) * mm, y(base), str(g))
    for x in (18, 70, 80, 90, 100, 109, 118, 127, 136, 145, 155):
        c.line(x * mm, y(top + 5), x * mm, y(top + 9 + 19 * 3.6))
    c.setFont("B", 7)
    for i, g in enumerate(t["goals"]):
        c.drawCentredString((104.5 + i * 9) * mm, y(top + 9 + 19 * 3.6 - 1), str(g))


def columns(c, rows, x, top, bottom, count):
    per = int((bottom - top - 9) / 3.4)
    c.setFont("B", 8.5)
    c.drawString(x * mm, y(top + 3.6), sheet["labels"]["progressiveLog"])
    for col in range(count):
        left = x + col * 49.5
        c.rect(left * mm, y(bottom), 47.5 * mm, (bottom - top - 5) * mm)
        for i, r in enumerate(rows[col * per:(col + 1) * per]):
            ry = top + 9 + i * 3.4
            c.line(left * mm, y(ry), (left + 47.5) * mm, y(ry))
            c.setFont("R", 7)
            cells = [str(r["period"] - 1199), r["time"], r["mark"].get("who") or "",
                     r["mark"]["colour"][0].upper(), r["code"],
                     f"{r['score']['white']}:{r['score']['blue']}" if r.get("score") else ""]
            cx = left
            for text, w in zip(cells, (9, 9, 6, 5.5, 9, 9)):
                c.drawCentredString((cx + w / 2) * mm, y(ry + 2.5), text)
                cx += w
    return rows[count * per:]


def render():
    out = io.BytesIO()
    c = canvas.Canvas(out, pagesize=landscape(A4))
    c.setFont("B", 13)
    c.drawString(10 * mm, y(16), sheet["labels"]["title"])
    c.setFont("B", 17)
    c.drawCentredString(240 * mm, y(23), sheet["result"])
    team(c, sheet["white"], 33)
    team(c, sheet["blue"], 33 + 86.4)
    rest = columns(c, log, 190, 33, 148, 2)
    while rest:
        c.showPage()
        rest = columns(c, rest, 10, 30, 194, 5)
    c.showPage()
    c.save()
    return out.getvalue()


size = len(render())
times = []
for _ in range(100):
    started = time.perf_counter()
    render()
    times.append((time.perf_counter() - started) * 1000)
times.sort()
print(f"ReportLab {__import__('reportlab').Version}, the same sheet ({rows} log rows), 100 runs: "
      f"p50 {times[49]:.1f} ms, p95 {times[94]:.1f} ms; {size} bytes ({size / 1024:.0f} kB)")
