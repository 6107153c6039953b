"""Producers IREE may merge after the splice (``stream_model.postsplice.merges``): the analysis makes them
one storage exactly when CSE could, after canonicalization, see two equal ops.

Which ops IREE merges at all is checked on IREE itself (``tests/e2e/test_merged_producers_on_iree.py``);
these tests pin down when two instances count as equal.
"""

from __future__ import annotations

from stream_model import ModuleModel, parse_module
from stream_model.interproc.resolved import resolve_calls
from stream_model.postsplice import PostSplice

_PRELUDE = """
util.global private @__device_0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">]> : !hal.device
stream.executable private @ex {
  stream.executable.export public @iota workgroups(%arg0: index) -> (index, index, index) {
    %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%arg0)
    stream.return %x, %y, %z : index, index, index
  }
  builtin.module {
    func.func @iota(%n: index, %base: i32, %out: !stream.binding) {
      return
    }
  }
}
"""
T = "!stream.resource<variable>"


def _module(body: str, args: str = "%x: index", visibility: str = "public") -> PostSplice:
    text = (
        "module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {\n"
        + _PRELUDE
        + f"util.func {visibility} @f({args}) {{\n"
        + "  %c16 = arith.constant 16 : index\n  %c48 = arith.constant 48 : index\n"
        + "  %c1_i32 = arith.constant 1 : i32\n  %c2_i32 = arith.constant 2 : i32\n"
        + body
        + "  util.return\n}\n}\n"
    )
    return _post_splice(text)


def _post_splice(text: str) -> PostSplice:
    return PostSplice.of(ModuleModel(parse_module(text).module, text))


def _iota(name: str, n: str, base: str) -> str:
    return f"  %{name} = stream.async.dispatch @ex::@iota[{n}]({n}, {base}) : (index, i32) -> {T}{{%c48}}\n"


def _merged_names(post: PostSplice) -> set[frozenset[str]]:
    return {frozenset({post.model.names.name(a), post.model.names.name(b)}) for a, b in post.merged_producers}


def test_two_dispatches_with_equal_operands_may_be_one_buffer() -> None:
    model = _module(_iota("a", "%c16", "%c1_i32") + _iota("b", "%c16", "%c1_i32"))
    assert _merged_names(model) == {frozenset({"%a", "%b"})}


def test_dispatches_with_different_constants_are_two_buffers() -> None:
    model = _module(_iota("a", "%c16", "%c1_i32") + _iota("b", "%c16", "%c2_i32"))
    assert model.merged_producers == ()


def test_an_index_the_canonicalizer_may_fold_to_the_same_value_counts_as_equal() -> None:
    body = "  %zero = arith.constant 0 : index\n  %y = arith.addi %x, %zero : index\n"
    model = _module(body + _iota("a", "%x", "%c1_i32") + _iota("b", "%y", "%c1_i32"))
    assert _merged_names(model) == {frozenset({"%a", "%b"})}


def test_arguments_of_a_private_function_may_become_one_value_so_they_count_as_equal() -> None:
    """``iree-util-ipo`` merges arguments that every caller passes equal."""
    args = "%x: index, %y: index"
    model = _module(_iota("a", "%x", "%c1_i32") + _iota("b", "%y", "%c1_i32"), args=args, visibility="private")
    assert _merged_names(model) == {frozenset({"%a", "%b"})}


def test_arguments_of_a_public_function_are_never_made_one_value() -> None:
    """Callers outside the module may pass anything: IREE cannot make two of them one value."""
    model = _module(_iota("a", "%x", "%c1_i32") + _iota("b", "%y", "%c1_i32"), args="%x: index, %y: index")
    assert model.merged_producers == ()


def test_a_public_argument_and_a_constant_are_made_one_value_only_if_assumed_equal() -> None:
    """``4 * x`` and 64 differ unless ``x`` is assumed to be 16 (a util.assume.int range IREE reads)."""
    scaled = (
        "  %c4 = arith.constant 4 : index\n  %x4 = arith.muli %x, %c4 : index\n  %c64 = arith.constant 64 : index\n"
    )
    pair = _iota("a", "%x4", "%c1_i32") + _iota("b", "%c64", "%c1_i32")
    assert _module(scaled + pair).merged_producers == ()
    assumed = scaled.replace("%x, %c4", "%xa, %c4")
    assume = "  %xa = util.assume.int %x<umin = 16, umax = 16> : index\n"
    assert _merged_names(_module(assume + assumed + pair)) == {frozenset({"%a", "%b"})}


def test_indexes_that_differ_by_a_constant_are_never_equal() -> None:
    body = "  %y = arith.addi %x, %c16 : index\n"
    model = _module(body + _iota("a", "%x", "%c1_i32") + _iota("b", "%y", "%c1_i32"))
    assert model.merged_producers == ()


def test_slices_of_merged_producers_are_merged_too() -> None:
    slices = "".join(f"  %s{v} = stream.async.slice %{v}[%c16 to %c48] : {T}{{%c48}} -> {T}{{%c16}}\n" for v in "ab")
    model = _module(_iota("a", "%c16", "%c1_i32") + _iota("b", "%c16", "%c1_i32") + slices)
    assert _merged_names(model) == {frozenset({"%a", "%b"}), frozenset({"%sa", "%sb"})}


def test_splats_are_never_merged() -> None:
    splats = "".join(f"  %{v} = stream.async.splat %c1_i32 : i32 -> {T}{{%c48}}\n" for v in "ab")
    assert _module(splats).merged_producers == ()


def _slices_of_a_branch(first: str, second: str) -> PostSplice:
    """Two slices of an ``scf.if`` choosing between two dispatches' results: an operand the
    model cannot tell from any other value (IREE may fold the condition)."""
    body = (
        _iota("a", "%c16", "%c1_i32")
        + _iota("b", "%c16", "%c2_i32")
        + "  %cond = arith.cmpi ult, %x, %c16 : index\n"
        + f"  %e = scf.if %cond -> {T} {{\n    scf.yield %a : {T}\n  }} else {{\n    scf.yield %b : {T}\n  }}\n"
        + "  %c0 = arith.constant 0 : index\n  %c32 = arith.constant 32 : index\n"
        + f"  %s1 = stream.async.slice %e[{first}] : {T}{{%c48}} -> {T}{{%c16}}\n"
        + f"  %s2 = stream.async.slice %e[{second}] : {T}{{%c48}} -> {T}{{%c16}}\n"
    )
    return _module(body)


def test_ops_reading_a_value_that_may_be_any_meet_when_their_scalars_may_be_equal() -> None:
    model = _slices_of_a_branch("%c0 to %c16", "%c0 to %c16")
    assert _merged_names(model) == {frozenset({"%s1", "%s2"})}


def test_ops_reading_a_value_that_may_be_any_stay_apart_when_their_constants_differ() -> None:
    """CSE compares every operand: whatever the resource is, offsets 0 and 16 keep the slices
    (and the repair's copies, salted apart) two buffers."""
    model = _slices_of_a_branch("%c0 to %c16", "%c16 to %c32")
    assert model.merged_producers == ()


def test_merged_producers_stored_to_two_globals_share_one_buffer() -> None:
    """Soundness finding 06 (third review): the shared-globals check sees them."""
    text = (
        "module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {\n"
        + _PRELUDE
        + f"util.global private mutable @A : {T}\nutil.global private mutable @B : {T}\n"
        + "util.initializer {\n  %c16 = arith.constant 16 : index\n  %c48 = arith.constant 48 : index\n"
        + "  %c1_i32 = arith.constant 1 : i32\n"
        + _iota("a", "%c16", "%c1_i32")
        + _iota("b", "%c16", "%c1_i32")
        + f"  util.global.store %a, @A : {T}\n  util.global.store %b, @B : {T}\n  util.return\n}}\n}}\n"
    )
    model = ModuleModel(parse_module(text).module, text)
    (shared,) = resolve_calls(model).shared_globals
    assert shared.globals == ["A", "B"]
    assert [s.name for s in shared.stores] == ["B"]


# -- results IREE's canonicalizer folds after the splice -----------------------------------------


def _folded_names(post: PostSplice) -> set[frozenset[str]]:
    return {frozenset({post.model.names.name(a), post.model.names.name(b)}) for a, b in post.folded_results}


def test_a_slice_of_its_whole_source_is_its_source() -> None:
    body = f"  %w = stream.async.splat %c1_i32 : i32 -> {T}{{%c48}}\n"
    body += f"  %zero = arith.constant 0 : index\n  %s = stream.async.slice %w[%zero to %c48] : {T}{{%c48}} -> {T}{{%c48}}\n"
    assert _folded_names(_module(body)) == {frozenset({"%s", "%w"})}


def test_a_prefix_of_a_size_set_by_a_public_argument_never_folds() -> None:
    """IREE cannot know ``%x`` (callers outside the module pass it): [0, x) is not the whole
    source in every execution, so no canonicalization makes the two sizes one value."""
    body = f"  %w = stream.async.splat %c1_i32 : i32 -> {T}{{%c48}}\n"
    body += (
        f"  %zero = arith.constant 0 : index\n  %s = stream.async.slice %w[%zero to %x] : {T}{{%c48}} -> {T}{{%x}}\n"
    )
    assert _module(body).folded_results == ()


def test_a_size_from_a_private_functions_argument_may_fold() -> None:
    """IPO may give the argument a constant every caller passes: the sizes may become one."""
    body = f"  %w = stream.async.splat %c1_i32 : i32 -> {T}{{%c48}}\n"
    body += (
        f"  %zero = arith.constant 0 : index\n  %s = stream.async.slice %w[%zero to %x] : {T}{{%c48}} -> {T}{{%x}}\n"
    )
    text = (
        "module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {\n"
        + _PRELUDE
        + "util.func private @g(%x: index) {\n  %c48 = arith.constant 48 : index\n  %c1_i32 = arith.constant 1 : i32\n"
        + body
        + "  util.return\n}\n}\n"
    )
    model = _post_splice(text)
    assert _folded_names(model) == {frozenset({"%s", "%w"})}


def test_an_update_of_its_whole_target_is_its_update() -> None:
    body = (
        f"  %t = stream.async.alloca : {T}{{%c48}}\n"
        f"  %v = stream.async.splat %c2_i32 : i32 -> {T}{{%c48}}\n"
        f"  %zero = arith.constant 0 : index\n"
        f"  %u = stream.async.update %v, %t[%zero to %c48] : {T}{{%c48}} -> %t as {T}{{%c48}}\n"
    )
    assert _folded_names(_module(body)) == {frozenset({"%u", "%v"})}


def test_an_update_of_a_splat_into_a_splat_may_be_its_target() -> None:
    """IREE makes an update of a splat a fill, and elides a fill of a splat with its own value
    (the merge model's review, round 8): the result may be the target, whatever the values."""
    body = (
        f"  %t = stream.async.splat %c1_i32 : i32 -> {T}{{%c48}}\n"
        f"  %v = stream.async.splat %c2_i32 : i32 -> {T}{{%c16}}\n"
        f"  %zero = arith.constant 0 : index\n"
        f"  %u = stream.async.update %v, %t[%zero to %c16] : {T}{{%c16}} -> %t as {T}{{%c48}}\n"
    )
    assert _folded_names(_module(body)) == {frozenset({"%u", "%t"})}


def test_slices_of_two_loads_of_one_global_are_merged() -> None:
    """IREE's CSE makes two loads of one global one value (the adversarial review of the
    scheduled fold-twin rule, a5): equal slices of the two are one buffer."""
    text = (
        "module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {\n"
        + _PRELUDE
        + f"util.global private mutable @g : {T}\n"
        + "util.func public @f() {\n  %c0 = arith.constant 0 : index\n  %c16 = arith.constant 16 : index\n"
        + "  %c48 = arith.constant 48 : index\n"
        + f"  %l1 = util.global.load @g : {T}\n  %l2 = util.global.load @g : {T}\n"
        + f"  %a = stream.async.slice %l1[%c0 to %c16] : {T}{{%c48}} -> {T}{{%c16}}\n"
        + f"  %b = stream.async.slice %l2[%c0 to %c16] : {T}{{%c48}} -> {T}{{%c16}}\n"
        + "  util.return\n}\n}\n"
    )
    model = _post_splice(text)
    assert _merged_names(model) == {frozenset({"%a", "%b"})}
