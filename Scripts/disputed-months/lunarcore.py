"""Shared astronomy for the disputed-months scripts (imported by
chinese_new_moons.py and umalqura_rule.py).

- new_moon_after(d): the geocentric conjunction in apparent ecliptic longitude
  (the astronomical new moon) after PyEphem date d, refined by the secant
  method to 0.01 s, in UT (PyEphem dates are UT; PyEphem converts to TT with
  its own Delta T model, ephem.delta_t).
- meeus_new_moon_tt(k): Meeus, Astronomical Algorithms (2nd ed.), ch. 49, the
  independent series used as a cross-check (JDE in TT).
Requires: pip install ephem
"""
import math
import ephem

_sun, _moon = ephem.Sun(), ephem.Moon()
DJD = 2415020.0            # PyEphem dates count days from 1899-12-31 12:00 UT
SECOND = 1.0 / 86400


def elongation(d):
    """Apparent geocentric ecliptic longitude of the Moon minus the Sun's,
    in radians, wrapped to (-pi, pi]."""
    _sun.compute(d)
    _moon.compute(d)
    slon = ephem.Ecliptic(ephem.Equatorial(_sun.g_ra, _sun.g_dec, epoch=d), epoch=d).lon
    mlon = ephem.Ecliptic(ephem.Equatorial(_moon.g_ra, _moon.g_dec, epoch=d), epoch=d).lon
    x = (mlon - slon) % (2 * math.pi)
    return x - 2 * math.pi if x > math.pi else x


def refine_conjunction(d):
    """Secant iteration on the elongation from a guess within a day or so;
    stops at 0.01 s, at most 30 steps (bounded)."""
    x0, x1 = float(d) - 0.05, float(d) + 0.05
    f0, f1 = elongation(x0), elongation(x1)
    for _ in range(30):
        if f1 == f0:
            break
        x2 = x1 - f1 * (x1 - x0) / (f1 - f0)
        x0, f0, x1, f1 = x1, f1, x2, elongation(x2)
        if abs(x1 - x0) < 0.01 * SECOND:
            break
    return ephem.Date(x1)


def new_moon_after(d):
    return refine_conjunction(ephem.next_new_moon(d))


def tt_jd(d):
    """PyEphem UT date -> Julian date in TT (using PyEphem's Delta T)."""
    return float(d) + DJD + ephem.delta_t(d) * SECOND


def meeus_new_moon_tt(k):
    T = k / 1236.85
    jde = (2451550.09766 + 29.530588861 * k + 0.00015437 * T**2
           - 0.000000150 * T**3 + 0.00000000073 * T**4)
    E = 1 - 0.002516 * T - 0.0000074 * T**2
    r = math.radians
    M = r(2.5534 + 29.10535670 * k - 0.0000014 * T**2 - 0.00000011 * T**3)
    Mp = r(201.5643 + 385.81693528 * k + 0.0107582 * T**2 + 0.00001238 * T**3
           - 0.000000058 * T**4)
    F = r(160.7108 + 390.67050284 * k - 0.0016118 * T**2 - 0.00000227 * T**3
          + 0.000000011 * T**4)
    Om = r(124.7746 - 1.56375588 * k + 0.0020672 * T**2 + 0.00000215 * T**3)
    s = math.sin
    c = (-0.40720 * s(Mp) + 0.17241 * E * s(M) + 0.01608 * s(2 * Mp)
         + 0.01039 * s(2 * F) + 0.00739 * E * s(Mp - M) - 0.00514 * E * s(Mp + M)
         + 0.00208 * E * E * s(2 * M) - 0.00111 * s(Mp - 2 * F)
         - 0.00057 * s(Mp + 2 * F) + 0.00056 * E * s(2 * Mp + M)
         - 0.00042 * s(3 * Mp) + 0.00042 * E * s(M + 2 * F)
         + 0.00038 * E * s(M - 2 * F) - 0.00024 * E * s(2 * Mp - M)
         - 0.00017 * s(Om) - 0.00007 * s(Mp + 2 * M) + 0.00004 * s(2 * Mp - 2 * F)
         + 0.00004 * s(3 * M) + 0.00003 * s(Mp + M - 2 * F)
         + 0.00003 * s(2 * Mp + 2 * F) - 0.00003 * s(Mp + M + 2 * F)
         + 0.00003 * s(Mp - M + 2 * F) - 0.00002 * s(Mp - M - 2 * F)
         - 0.00002 * s(3 * Mp + M) + 0.00002 * s(4 * Mp))
    A = [299.77 + 0.107408 * k - 0.009173 * T**2, 251.88 + 0.016321 * k,
         251.83 + 26.651886 * k, 349.42 + 36.412478 * k, 84.66 + 18.206239 * k,
         141.74 + 53.303771 * k, 207.14 + 2.453732 * k, 154.84 + 7.306860 * k,
         34.52 + 27.261239 * k, 207.19 + 0.121824 * k, 291.34 + 1.844379 * k,
         161.72 + 24.198154 * k, 239.56 + 25.513099 * k, 331.55 + 3.592518 * k]
    W = [325, 165, 164, 126, 110, 62, 60, 56, 47, 42, 40, 37, 35, 23]
    p = sum(w * 1e-6 * s(r(a)) for w, a in zip(W, A))
    return jde + c + p


def meeus_k(d):
    """Nearest Meeus lunation number (k = 0 at the new moon of 2000-01-06)."""
    return round((tt_jd(d) - 2451550.09766) / 29.530588861)


def delta_t_espenak_meeus(year):
    """Delta T in seconds by the Espenak & Meeus (2006) polynomials, the
    NASA eclipse-catalogue model, for 1900 ... 2150: a second, independent
    Delta T used to show how far a new moon's UT depends on Delta T."""
    y = year
    if y < 1920:
        t = y - 1900
        return -2.79 + 1.494119 * t - 0.0598939 * t**2 + 0.0061966 * t**3 - 0.000197 * t**4
    if y < 1941:
        t = y - 1920
        return 21.20 + 0.84493 * t - 0.076100 * t**2 + 0.0020936 * t**3
    if y < 1961:
        t = y - 1950
        return 29.07 + 0.407 * t - t**2 / 233 + t**3 / 2547
    if y < 1986:
        t = y - 1975
        return 45.45 + 1.067 * t - t**2 / 260 - t**3 / 718
    if y < 2005:
        t = y - 2000
        return (63.86 + 0.3345 * t - 0.060374 * t**2 + 0.0017275 * t**3
                + 0.000651814 * t**4 + 0.00002373599 * t**5)
    if y < 2050:
        t = y - 2000
        return 62.92 + 0.32217 * t + 0.005589 * t**2
    return -20 + 32 * ((y - 1820) / 100) ** 2 - 0.5628 * (2150 - y)


def decimal_year(d):
    y, m, day = ephem.Date(d).triple()
    return y + (m - 0.5) / 12


def ut_with_delta_t(d, seconds):
    """The same TT instant as PyEphem's UT date d, re-expressed in UT with
    another Delta T (seconds)."""
    return ephem.Date(float(d) + (ephem.delta_t(d) - seconds) * SECOND)


def accuracy_report(start='1899/12/1', end='2101/1/1'):
    """PyEphem's new moons against Meeus ch. 49 in TT (no Delta T involved),
    and against published minute-rounded UT times. Returns lines of text."""
    out = []
    d, diffs = ephem.Date(start), []
    for _ in range(2600):                      # bound: 2487 lunations in 201 years
        d = new_moon_after(d)
        if d > ephem.Date(end):
            break
        diffs.append(((tt_jd(d) - meeus_new_moon_tt(meeus_k(d))) * 86400, d))
        d = ephem.Date(d + 1)
    v = [x for x, _ in diffs]
    mean = sum(v) / len(v)
    sd = (sum((x - mean) ** 2 for x in v) / len(v)) ** 0.5
    worst = max(diffs, key=lambda t: abs(t[0]))
    out.append(f"PyEphem {ephem.__version__} vs Meeus ch. 49 series, in TT, {len(v)} new moons "
               f"{start} ... {end}: mean {mean:+.1f} s, sd {sd:.1f} s, "
               f"largest {worst[0]:+.1f} s (new moon of {worst[1]} UT); "
               f"|diff| > 20 s: {sum(abs(x) > 20 for x in v)}")
    out.append("(Meeus states his series' error against ELP-2000/82 as a few seconds, at most ~17 s.)")
    published = [  # (UT minute as published, where)
        ('2008/7/3 02:19', 'lunaf.com (Meeus/ELP)'),
        ('2011/12/24 18:06', 'lunaf.com'),
        ('2012/1/23 07:39', 'seasky.org Astronomy Calendar 2012'),
        ('2012/2/21 22:35', 'seasky.org Astronomy Calendar 2012'),
        ('2024/1/11 11:58', 'in-the-sky.org, from DE430: 06:58 EST'),
        ('2024/4/8 18:21', 'lunaf.com (the total solar eclipse day)'),
        ('2094/1/16 19:05', 'lunaf.com'),
    ]
    out.append("Published new moons (UT, to the minute) and PyEphem's:")
    for when, src in published:
        p = ephem.Date(when)
        mine = new_moon_after(ephem.Date(p - 1))
        out.append(f"  {when:>17}  PyEphem {str(mine):>20}  diff {(mine - p) * 86400:+5.0f} s"
                   f"  Delta T {ephem.delta_t(mine):6.1f} s  [{src}]")
    return out
