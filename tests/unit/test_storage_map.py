"""The storage map's exposures are exact, however many reasons a base collects.

Reasons are kept for explanations only, and only the first few; the safety rule's question
"does storage of unknown provenance reach this base?" must not depend on which reasons made
the cut (a call result joined to a base that already had many imports and escapes, e.g. by a
loop's iteration argument, once fell off the end of the list).
"""

from stream_model.model.storage import MAX_REASONS, Exposure, StorageMap


def test_imports_and_escapes_alone_are_not_opaque() -> None:
    storage = StorageMap()
    storage.mark_external("%imported", Exposure.IMPORT, "result of stream.tensor.import %imported")
    storage.mark_external("%imported", Exposure.ESCAPE, "escapes through util.return")
    assert storage.is_external("%imported") and not storage.has_opaque_source("%imported")


def test_a_call_result_marked_after_many_followed_reasons_makes_the_base_opaque() -> None:
    storage = StorageMap()
    for i in range(MAX_REASONS + 2):
        storage.mark_external("%buffer", Exposure.ESCAPE, f"escapes through stream.tensor.export %e{i}")
    storage.mark_external("%buffer", Exposure.OPAQUE, "result of util.call %r")
    assert storage.has_opaque_source("%buffer")
    assert len(storage.external_reasons("%buffer")) == MAX_REASONS


def test_opaqueness_survives_a_union_into_a_base_with_many_reasons() -> None:
    storage = StorageMap()
    for i in range(MAX_REASONS):
        storage.mark_external("%init", Exposure.ESCAPE, f"escapes through stream.tensor.export %e{i}")
    storage.mark_external("%yielded", Exposure.OPAQUE, "result of util.call %r")
    storage.union("%init", "%yielded")
    assert storage.has_opaque_source("%init") and storage.has_opaque_source("%yielded")


def test_a_base_holds_every_exposure_of_its_members_as_one_set() -> None:
    storage = StorageMap()
    storage.mark_external("%imported", Exposure.IMPORT, "result of stream.tensor.import %imported")
    storage.mark_external("%arg", Exposure.ARGUMENT, "argument of @f")
    assert storage.exposures("%imported") == {Exposure.IMPORT} and storage.exposures("%fresh") == frozenset()
    storage.union("%imported", "%arg")
    assert storage.exposures("%arg") == {Exposure.IMPORT, Exposure.ARGUMENT}
    assert storage.exposed("%imported") and storage.arrives("%imported") and not storage.has_opaque_arrival("%arg")
