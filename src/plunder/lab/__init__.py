"""The balance lab: many bot games of one game, summed up for a designer.

``plunder lab`` (see docs/lab.md) schedules the games with seat rotation
(``schedule``), plays them in this process, a process pool or on Ray (``run``,
``play``), sums the records up (``measures``, ``ratings``) and writes a report
with its plots (``study``, ``report``).
"""
