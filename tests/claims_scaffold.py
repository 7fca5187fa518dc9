"""The scaffold every chapter's claims tests share.

A chapter's test module subclasses :class:`ClaimsContract` once per claim list,
names the list, one breaker per claim (the altered findings that make its
sentence false) and, for longer sentences, further breakers for each of their
parts, and provides the ``findings`` fixture, normally the chapter's stored record
(:func:`imbalance_lib.book.record.load`)::

    class TestClaims(ClaimsContract):
        CLAIMS = hmnc.CLAIMS
        BREAKERS = {"noskill": {"noskill_0.01": 0.69}, ...}

        @pytest.fixture(scope="class")
        @classmethod
        def findings(cls):
            return HmncFindings.from_record(load("hmnc"))

The contract: every claim holds on the findings, every claim has a breaker, and each
breaker (and each part breaker) makes its own claim fail.
"""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

from imbalance_lib.book.claims import Claim, failing
from imbalance_lib.book.findings import altered


class ClaimsContract:
    CLAIMS: ClassVar[list[Claim]] = []
    BREAKERS: ClassVar[dict[str, dict[str, Any]]] = {}
    PART_BREAKERS: ClassVar[list[tuple[str, dict[str, Any]]]] = []

    @pytest.fixture(scope="class")
    @classmethod
    def findings(cls):  # pragma: no cover - every subclass provides it
        raise NotImplementedError

    def test_every_claim_holds(self, findings):
        assert failing(self.CLAIMS, findings) == []

    def test_every_claim_has_one_breaker(self):
        keys = [c.key for c in self.CLAIMS]
        assert len(keys) == len(set(keys)), "two claims share a key"
        assert sorted(self.BREAKERS) == sorted(keys)

    def test_each_breaker_makes_its_claim_fail(self, findings):
        survivors = [key for key, change in
                     [*self.BREAKERS.items(), *self.PART_BREAKERS]
                     if key not in failing(self.CLAIMS, altered(findings, change))]
        assert survivors == [], f"claims that hold although their finding was altered: {survivors}"
