"""Ed25519 in pure Python (taluva.play.bylink.ed25519) against RFC 8032's test vectors (section
7.1), and its
strictness: every bit of a signature, key or message matters; non-canonical encodings fail."""

from __future__ import annotations

import hashlib
import random

import pytest

from taluva.play.bylink import ed25519

# RFC 8032 section 7.1: TEST 1, TEST 2, TEST 3 and TEST SHA(abc) (seed, public key, message).
VECTORS = [
    (
        "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
        "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
        "",
        "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555f"
        "b8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b",
    ),
    (
        "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
        "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c",
        "72",
        "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da08"
        "5ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00",
    ),
    (
        "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
        "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025",
        "af82",
        "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18"
        "ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a",
    ),
    (
        "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
        "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
        hashlib.sha512(b"abc").hexdigest(),
        "dc2a4459e7369633a52b1bf277839a00201009a3efbf3ecb69bea2186c26b58909"
        "351fc9ac90b3ecfdfbc7c66431e0303dca179c138ac17ad9bef1177331a704",
    ),
]


@pytest.mark.parametrize(("seed", "public", "message", "signature"), VECTORS)
def test_rfc_8032_vectors(seed: str, public: str, message: str, signature: str) -> None:
    seed_b, public_b, message_b, signature_b = map(
        bytes.fromhex, (seed, public, message, signature)
    )
    assert ed25519.public_key(seed_b) == public_b
    assert ed25519.sign(seed_b, message_b) == signature_b
    assert ed25519.verify(public_b, message_b, signature_b)


def test_every_bit_of_signature_key_and_message_matters() -> None:
    seed, public, message, signature = map(bytes.fromhex, VECTORS[1])
    for i in range(64):  # a bit of every byte, each bit of a byte in turn
        changed = bytearray(signature)
        changed[i] ^= 1 << (i % 8)
        assert not ed25519.verify(public, message, bytes(changed))
    for i in range(32):
        changed = bytearray(public)
        changed[i] ^= 1 << (i % 8)
        assert not ed25519.verify(bytes(changed), message, signature)
    assert not ed25519.verify(public, message + b"\0", signature)
    assert not ed25519.verify(public, b"", signature)
    assert not ed25519.verify(public, message, signature[:63])
    assert not ed25519.verify(public[:31], message, signature)


def test_non_canonical_encodings_are_refused() -> None:
    seed, public, message, signature = map(bytes.fromhex, VECTORS[0])
    s = int.from_bytes(signature[32:], "little")
    # S + L signs the same equation, but a verifier must refuse S >= L (RFC 8032 5.1.7).
    malleable = signature[:32] + (s + ed25519.L).to_bytes(32, "little")
    assert not ed25519.verify(public, message, malleable)
    # A y at or above p is not a canonical encoding of a point.
    assert not ed25519.verify((2**255 - 1).to_bytes(32, "little"), message, signature)


def test_random_keys_sign_and_verify_their_own_messages_only() -> None:
    rng = random.Random(5)
    keys = [rng.randbytes(32) for _ in range(6)]
    publics = [ed25519.public_key(k) for k in keys]
    for i, seed in enumerate(keys):
        message = rng.randbytes(rng.randrange(100))
        signature = ed25519.sign(seed, message)
        for j, public in enumerate(publics):
            assert ed25519.verify(public, message, signature) == (i == j)
