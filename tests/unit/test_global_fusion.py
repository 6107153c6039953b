"""The globals a repaired module stores in a region are kept out of IREE 3.13's global fusion,
which reads no store there, and the compile verifies that IREE fused none of them
(``rewriter.repair.global_fusion``). Run on IREE: the data files of
``tests/e2e/test_global_reloads.py`` a repair's copy is stored in a region of, and the weakening
``repaired-globals-left-to-fusion`` (``tests/campaign/test_tensor_mutations.py``)."""

from __future__ import annotations

from iree.compiler import ir

from tests.unit.test_own_size import PROLOGUE, T, _fill, _module


def test_the_globals_stored_in_a_region_are_those_whose_stores_the_fuse_does_not_read() -> None:
    """``stored_in_regions``: every global the module stores in a region (an ``scf.if`` arm),
    whatever is stored there; not one stored only in a block of its function."""
    from rewriter.repair.global_fusion import stored_in_regions

    with ir.Context():
        assert stored_in_regions(ir.Module.parse(_module(_ARM))) == frozenset({"g"})


def test_a_module_is_repaired_where_it_holds_the_copy_executable_a_repair_adds() -> None:
    """``repaired``: its globals stored in a region are kept out of fusion from the start."""
    from rewriter.repair.copy_dispatch import CopyDispatches
    from rewriter.repair.global_fusion import repaired

    with ir.Context():
        module = ir.Module.parse(_module(_ARM))
        assert not repaired(module)
        CopyDispatches(module)._ensure_executable()
        assert repaired(module)


#: @f stores @h the copy in its block, and @g a fill of it in an ``scf.if`` arm.
_ARM = (
    "util.func public @f(%c: i1) {\n" + PROLOGUE + "  util.global.store %copy, @h : " + T + "\n"
    "  scf.if %c {\n" + _fill("%copy").replace("  %w", "    %w") + f"    util.global.store %w, @g : {T}\n  }}\n"
    "  util.return\n}\n"
)


def test_a_location_spelled_like_a_tag_is_not_taken_for_one() -> None:
    """The tags' prefix carries a number drawn for each compile (``global_fusion.GlobalTags``): a
    global the input locates at ``slice-elision-global:0`` is tagged as any other, and reads
    back as made from itself alone (review 51's r10)."""
    from rewriter.repair.global_fusion import GlobalTags, tag_globals

    text = f'util.global private mutable @g : {T} loc("slice-elision-global:1")\nutil.global private mutable @h : {T}\n'
    with ir.Context():
        module = ir.Module.parse(text)
        tags = GlobalTags()
        tag_globals(module, tags)
        globals_ = [op.operation for op in module.body.operations]
        assert [tags.made_from(op) for op in globals_] == [["g"], ["h"]]


def test_only_the_private_globals_named_are_declared_public_to_keep_them_out_of_fusion() -> None:
    """``keep_out_of_fusion``: IREE's ``iree-util-fuse-globals`` leaves a public global alone;
    the compile declares public the globals named (those a repaired module stores in a region),
    says which it changed, and leaves every other global as it was."""
    from rewriter.repair.global_fusion import keep_out_of_fusion

    text = (
        f"util.global private mutable @g : {T}\nutil.global private mutable @h : {T}\n"
        f"util.global mutable @p : {T}\nutil.global private mutable @k : {T}\n"
    )
    with ir.Context():
        module = ir.Module.parse(text)
        assert keep_out_of_fusion(module, frozenset({"g", "p", "k"})) == ["g", "k"]
        public = ["sym_visibility" not in op.attributes for op in module.body.operations]
        assert public == [True, False, True, True]


def test_a_global_the_user_declared_public_is_left_as_declared() -> None:
    """Review 55: ``util.global public`` keeps its visibility attribute; it is no global the
    compile declared public, and is never made private again."""
    from rewriter.repair.global_fusion import keep_out_of_fusion

    with ir.Context():
        module = ir.Module.parse(f"util.global public mutable @p : {T}\nutil.global private mutable @g : {T}\n")
        assert keep_out_of_fusion(module, frozenset({"p", "g"})) == ["g"]
        assert ir.StringAttr(list(module.body.operations)[0].attributes["sym_visibility"]).value == "public"


def test_the_globals_iree_made_for_one_kept_apart_are_private_again_at_the_splice() -> None:
    """``make_private``: the globals declared public, and those IREE made for them since (named
    after them: ``@k__size``, given @k's visibility); not a global of the user's named alike, nor
    one IREE made for a global the user declared public."""
    from rewriter.repair.global_fusion import make_private

    text = "".join(f"util.global {v} mutable @{n} : index\n" for v, n in _AT_SPLICE)
    with ir.Context():
        module = ir.Module.parse(text)
        make_private(module, ["k"], before=["k", "k__x", "p"])
        private = [
            ir.StringAttr(op.attributes["sym_visibility"]).value == "private"
            if "sym_visibility" in op.attributes
            else False
            for op in module.body.operations
        ]
        assert private == [True, True, False, True, False, False]


#: Globals at the splice: @k (declared public at the start of the stream phase) and its size
#: global, a user global named like one of @k's and one IREE made for it, and a user-public @p
#: with its size global.
_AT_SPLICE = (
    ("public", "k"),
    ("public", "k__size"),
    ("public", "k__x"),
    ("private", "k__x__size"),
    ("public", "p"),
    ("public", "p__size"),
)
