"""The storage map's exposures are exact, however many reasons a base collects.

Reasons are kept for explanations only, and only the first few; the safety rule's question
"does storage of unknown provenance reach this base?" must not depend on which reasons made
the cut (a call result joined to a base that already had many imports and escapes, e.g. by a
loop's iteration argument, once fell off the end of the list).
"""

import dataclasses

from iree.compiler import ir

from stream_model import ModuleModel
from stream_model.model.storage import MAX_REASONS, Exposure, StorageMap, build_storage_map


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


def test_globals_a_base_may_be_are_asked_again_after_a_union() -> None:
    """The answer is memoised per base; a union changes bases, so it must not be reused."""
    storage = StorageMap()
    storage.find("@g")
    storage.mark_external("%arg", Exposure.ARGUMENT, "argument of @f")
    names = frozenset({"g"})
    assert storage.globals_it_may_be("%v", names) == []
    storage.union("%v", "@g")
    assert storage.globals_it_may_be("%v", names) == ["g"]


# -- which ops a map asks about regions and successors ---------------------------------------

_BRANCHY = """
util.global private mutable @g : !stream.resource<*>
util.func public @f(%c: i1, %n: index) -> !stream.resource<*> {
  %a = util.global.load @g : !stream.resource<*>
  %s = stream.async.slice %a[%n to %n] : !stream.resource<*>{%n} -> !stream.resource<*>{%n}
  %r = scf.if %c -> !stream.resource<*> {
    scf.yield %s : !stream.resource<*>
  } else {
    scf.yield %a : !stream.resource<*>
  }
  cf.br ^bb1(%r : !stream.resource<*>)
^bb1(%x: !stream.resource<*>):
  util.return %x : !stream.resource<*>
}
"""


def test_only_region_ops_and_block_ends_route_storage_and_the_map_is_the_same_with_the_shortcut() -> None:
    with ir.Context():
        module = ir.Module.parse(_BRANCHY)
        model = ModuleModel(module)
        (fn,) = model.functions
        routing = {i.op.name for i in fn.ops if model.routes_storage(i.op)}
        assert routing == {"scf.if", "scf.yield", "cf.br", "util.return"}
        effects = [(i.op, i.effects) for i in fn.ops]
        values = [v for i in fn.ops for v in (*i.op.operands, *i.op.results)] + list(
            fn.op.regions[0].blocks[1].arguments
        )
        with_shortcut = build_storage_map(effects, model.storage_context)
        without = build_storage_map(effects, dataclasses.replace(model.storage_context, routes=None))
        for a in values:
            for b in values:
                assert with_shortcut.same_base(a, b) == without.same_base(a, b)
            assert with_shortcut.exposures(a) == without.exposures(a)
