"""Ed25519 signatures (RFC 8032) in pure Python, for the seats of a by-link game.

The engine runs in Pyodide with no compiled dependency, so the curve is done here with Python's
integers: points in extended twisted Edwards coordinates ``(X, Y, Z, T)`` (x = X/Z, y = Y/Z,
xy = T/Z; H. Hisil, K. Wong, G. Carter, E. Dawson, "Twisted Edwards curves revisited",
ASIACRYPT 2008), the formulas of RFC 8032 section 5.1.4. A verification computes
``[S]B - [k]A`` in one pass of shared doublings over both scalars' width-5 NAF digits (Straus's
trick), with the odd multiples of the base point computed once and those of each public key kept
for the next signature it checks. Nothing here is secret-independent in time: it signs a board
game's moves on the signer's own device, and verifies what anybody may see.

Checked against RFC 8032's test vectors (``tests/test_ed25519.py``); verification is strict
about encodings (a non-canonical ``S``, ``R`` or public key is refused) and cofactorless.

>>> seed = bytes(range(32))
>>> public = public_key(seed)
>>> signature = sign(seed, b"turn 7")
>>> verify(public, b"turn 7", signature), verify(public, b"turn 8", signature)
(True, False)
"""

from __future__ import annotations

import hashlib
from functools import lru_cache

P = 2**255 - 19
L = 2**252 + 27742317777372353535851937790883648493  # the order of the base point
_D = -121665 * pow(121666, P - 2, P) % P
_D2 = 2 * _D % P
_SQRT_M1 = pow(2, (P - 1) // 4, P)
_WIDTH = 5  # NAF width: digits are odd, below 2**(_WIDTH - 1) in size

Point = tuple[int, int, int, int]  # extended coordinates (X, Y, Z, T)
Cached = tuple[int, int, int, int]  # a point ready to add: (Y + X, Y - X, 2d T, 2 Z)

_IDENTITY: Point = (0, 1, 1, 0)
_BY = 4 * pow(5, P - 2, P) % P


def _recover_x(y: int, sign: int) -> int | None:
    """The x of the point with ``y`` and x's low bit ``sign``, or None if there is none."""
    if y >= P:
        return None
    u, v = (y * y - 1) % P, (_D * y * y + 1) % P
    x = u * pow(v, 3, P) * pow(u * pow(v, 7, P), (P - 5) // 8, P) % P
    vxx = v * x * x % P
    if vxx != u:
        if vxx != (P - u) % P:
            return None
        x = x * _SQRT_M1 % P
    if x == 0 and sign:
        return None
    return P - x if x & 1 != sign else x


_BX = _recover_x(_BY, 0)
assert _BX is not None
_BASE: Point = (_BX, _BY, 1, _BX * _BY % P)


def _double(p: Point) -> Point:
    x, y, z, _ = p
    a, b = x * x % P, y * y % P
    c = 2 * z * z % P
    h = a + b
    e = h - (x + y) * (x + y) % P
    g = a - b
    f = c + g
    return e * f % P, g * h % P, f * g % P, e * h % P


def _cache(p: Point) -> Cached:
    x, y, z, t = p
    return (y + x) % P, (y - x) % P, t * _D2 % P, 2 * z % P


def _add(p: Point, q: Cached) -> Point:
    x, y, z, t = p
    a = (y - x) * q[1] % P
    b = (y + x) * q[0] % P
    c = t * q[2] % P
    d = z * q[3] % P
    e, f, g, h = b - a, d - c, d + c, b + a
    return e * f % P, g * h % P, f * g % P, e * h % P


def _negate(q: Cached) -> Cached:
    """The cached form of -p from that of p: x and t change sign, so Y+X and Y-X swap."""
    return q[1], q[0], P - q[2] if q[2] else 0, q[3]


def _odd_multiples(p: Point) -> list[Cached]:
    """p, 3p, 5p, ..., (2**(_WIDTH-1) - 1)p, ready to add."""
    twice = _cache(_double(p))
    multiples, point = [_cache(p)], p
    for _ in range(2 ** (_WIDTH - 2) - 1):
        point = _add(point, twice)
        multiples.append(_cache(point))
    return multiples


def _naf(k: int) -> list[int]:
    """``k``'s width-5 non-adjacent form, lowest digit first."""
    digits = []
    full, half = 1 << _WIDTH, 1 << (_WIDTH - 1)
    while k:
        if k & 1:
            digit = k & (full - 1)
            if digit >= half:
                digit -= full
            k -= digit
        else:
            digit = 0
        digits.append(digit)
        k >>= 1
    return digits


@lru_cache(maxsize=1)
def _base_table() -> list[Cached]:
    return _odd_multiples(_BASE)


def _combine(terms: list[tuple[int, list[Cached]]]) -> Point:
    """The sum of ``k * p`` over ``terms`` of ``(k, p's odd multiples)``, sharing doublings."""
    nafs = [(_naf(k), table) for k, table in terms]
    point = _IDENTITY
    for i in range(max((len(n) for n, _ in nafs), default=0) - 1, -1, -1):
        point = _double(point)
        for naf, table in nafs:
            if i < len(naf) and naf[i]:
                digit = naf[i]
                point = _add(point, table[digit >> 1] if digit > 0 else _negate(table[-digit >> 1]))
    return point


def _encode(p: Point) -> bytes:
    x, y, z, _ = p
    inverse = pow(z, P - 2, P)
    x, y = x * inverse % P, y * inverse % P
    return (y | (x & 1) << 255).to_bytes(32, "little")


@lru_cache(maxsize=16)
def _key_table(public: bytes) -> list[Cached] | None:
    """The odd multiples of ``-A`` for the public key ``A`` (None: not a point's encoding)."""
    if len(public) != 32:
        return None
    number = int.from_bytes(public, "little")
    y, sign = number & ((1 << 255) - 1), number >> 255
    x = _recover_x(y, sign)
    if x is None:
        return None
    return [_negate(q) for q in _odd_multiples((x, y, 1, x * y % P))]


@lru_cache(maxsize=8)
def _expand(seed: bytes) -> tuple[int, bytes, bytes]:
    """The secret scalar, the nonce prefix and the public key of a 32-byte seed (RFC 8032
    5.1.5), kept for the device's next signature."""
    if len(seed) != 32:
        raise ValueError("an Ed25519 seed is 32 bytes")
    digest = hashlib.sha512(seed).digest()
    scalar = int.from_bytes(digest[:32], "little")
    scalar &= (1 << 254) - 8
    scalar |= 1 << 254
    return scalar, digest[32:], _encode(_combine([(scalar, _base_table())]))


def _scalar_of(*parts: bytes) -> int:
    return int.from_bytes(hashlib.sha512(b"".join(parts)).digest(), "little") % L


def public_key(seed: bytes) -> bytes:
    """The 32-byte public key of a 32-byte seed."""
    return _expand(bytes(seed))[2]


def sign(seed: bytes, message: bytes) -> bytes:
    """The 64-byte signature of ``message`` under the key of ``seed`` (deterministic)."""
    scalar, prefix, public = _expand(bytes(seed))
    r = _scalar_of(prefix, message)
    big_r = _encode(_combine([(r, _base_table())]))
    s = (r + _scalar_of(big_r, public, message) * scalar) % L
    return big_r + s.to_bytes(32, "little")


def verify(public: bytes, message: bytes, signature: bytes) -> bool:
    """Whether ``signature`` is ``public``'s signature of ``message``."""
    if len(signature) != 64:
        return False
    table = _key_table(bytes(public))
    s = int.from_bytes(signature[32:], "little")
    if table is None or s >= L:
        return False
    k = _scalar_of(signature[:32], public, message)
    return _encode(_combine([(s, _base_table()), (k, table)])) == signature[:32]
