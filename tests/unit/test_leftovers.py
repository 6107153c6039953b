"""Specification of :class:`rewriter.pipeline.collector.Leftovers`: what an analysis leaves behind is kept
until the caller releases it, with the collector off until then and never left off."""

from __future__ import annotations

import gc
import weakref

import pytest

from rewriter.pipeline.collector import Leftovers, leave


class _State:
    """Stands for an analysis's state (anything an analysis hands over)."""


@pytest.fixture(autouse=True)
def collector_on():
    assert gc.isenabled()
    yield
    gc.enable()


def test_what_an_analysis_leaves_is_kept_until_released():
    state = _State()
    gone = weakref.ref(state)
    with Leftovers() as leftovers:
        with leftovers.kept():
            leave(state)
        del state
        assert gone() is not None
        leftovers.release()
        assert gone() is None


def test_only_the_last_analysis_is_kept_each_earlier_one_goes_when_the_next_is_left():
    first, last = _State(), _State()
    first_gone, last_gone = weakref.ref(first), weakref.ref(last)
    with Leftovers() as leftovers:
        with leftovers.kept():
            leave(first)
            del first
            assert first_gone() is not None
            leave(last)  # (a hook that runs several analyses: trials, then the rewrite)
            del last
            assert first_gone() is None
        assert last_gone() is not None
    assert last_gone() is None


def test_without_a_keeper_what_an_analysis_leaves_goes_at_once():
    state = _State()
    gone = weakref.ref(state)
    leave(state)
    del state
    assert gone() is None


def test_the_collector_stays_off_from_the_hook_until_release():
    with Leftovers() as leftovers:
        with leftovers.kept():
            assert not gc.isenabled()
        assert not gc.isenabled()  # (the first collection after an analysis waits for release)
        leftovers.release()
        assert gc.isenabled()


def test_leaving_the_block_releases_and_turns_the_collector_back_on_after_an_error():
    state = _State()
    gone = weakref.ref(state)
    with pytest.raises(RuntimeError), Leftovers() as leftovers:
        with leftovers.kept():
            leave(state)
        del state
        raise RuntimeError("the compile failed")
    assert gone() is None
    assert gc.isenabled()


def test_a_collector_already_off_stays_off():
    gc.disable()
    with Leftovers() as leftovers:
        with leftovers.kept():
            pass
    assert not gc.isenabled()
