"""The names of IREE's ops the model asks about, one constant each.

An op is recognised by its name (``op.name``), as MLIR's ``isa<IREE::Stream::AsyncSliceOp>``
recognises it by its class. The names live in ``semantics/``, with what the ops mean (the op
table and the region flow table key their entries by name): every other module of
``stream_model`` (and of ``rewriter``) asks by these constants, never by a string of its own
(``tests/unit/test_layers.py`` fails on an op's name written elsewhere), and every constant
names an op IREE 3.13 registers (``tests/unit/test_op_table.py``), so a typo or an op IREE
renames fails a test instead of matching nothing.

What an op *does* is not here: reads, writes and ties are :mod:`.op_table`, region and branch
flow :mod:`.region_flow`, what IREE makes of an op after the splice :mod:`.canonical`.
"""

from __future__ import annotations

# -- stream: async ops (stream-async IR, the phase the model describes) ------------------------
ASYNC_ALLOCA = "stream.async.alloca"
ASYNC_BARRIER = "stream.async.barrier"
ASYNC_CALL = "stream.async.call"
ASYNC_CAST = "stream.async.cast"
ASYNC_CLONE = "stream.async.clone"
ASYNC_COLLECTIVE = "stream.async.collective"
ASYNC_CONSTANT = "stream.async.constant"
ASYNC_COPY = "stream.async.copy"
ASYNC_DISPATCH = "stream.async.dispatch"
ASYNC_FILL = "stream.async.fill"
ASYNC_LOAD = "stream.async.load"
ASYNC_SLICE = "stream.async.slice"
ASYNC_SPLAT = "stream.async.splat"
ASYNC_STORE = "stream.async.store"
ASYNC_TRANSFER = "stream.async.transfer"
ASYNC_UPDATE = "stream.async.update"

# -- stream: tensors, resources, timepoints, executables ---------------------------------------
#: ``stream.tensor.*`` (the stream dialect's; HAL's tensor ops are :mod:`.abi`'s).
TENSOR_CONSTANT = "stream.tensor.constant"
TENSOR_EMPTY = "stream.tensor.empty"
TENSOR_EXPORT = "stream.tensor.export"
TENSOR_IMPORT = "stream.tensor.import"
TENSOR_SPLAT = "stream.tensor.splat"
RESOURCE_SUBVIEW = "stream.resource.subview"
TIMEPOINT_AWAIT = "stream.timepoint.await"
TIMEPOINT_BARRIER = "stream.timepoint.barrier"
TIMEPOINT_JOIN = "stream.timepoint.join"

# -- util: functions, calls, globals, assumptions ----------------------------------------------
UTIL_FUNC = "util.func"
UTIL_INITIALIZER = "util.initializer"
UTIL_CALL = "util.call"
UTIL_RETURN = "util.return"
UTIL_GLOBAL = "util.global"
GLOBAL_LOAD = "util.global.load"
GLOBAL_STORE = "util.global.store"
GLOBAL_LOAD_INDIRECT = "util.global.load.indirect"
GLOBAL_STORE_INDIRECT = "util.global.store.indirect"
GLOBAL_ADDRESS = "util.global.address"
ASSUME_INT = "util.assume.int"
UTIL_ALIGN = "util.align"
OPTIMIZATION_BARRIER = "util.optimization_barrier"

# -- func ----------------------------------------------------------------------------------------
FUNC_FUNC = "func.func"
FUNC_CALL = "func.call"
FUNC_CALL_INDIRECT = "func.call_indirect"
FUNC_RETURN = "func.return"

# -- arith and affine: the index arithmetic the model translates -------------------------------
ARITH_CONSTANT = "arith.constant"
#: ``arith.cmpi``: of two constants, MLIR folds it to one (:func:`~.region_flow.constant_condition`).
ARITH_CMPI = "arith.cmpi"
ARITH_SELECT = "arith.select"
ARITH_ADDI = "arith.addi"
ARITH_SUBI = "arith.subi"
ARITH_MULI = "arith.muli"
ARITH_DIVUI = "arith.divui"
ARITH_DIVSI = "arith.divsi"
ARITH_CEILDIVUI = "arith.ceildivui"
ARITH_CEILDIVSI = "arith.ceildivsi"
ARITH_FLOORDIVSI = "arith.floordivsi"
ARITH_REMUI = "arith.remui"
ARITH_REMSI = "arith.remsi"
ARITH_MINUI = "arith.minui"
ARITH_MAXUI = "arith.maxui"
ARITH_MINSI = "arith.minsi"
ARITH_MAXSI = "arith.maxsi"
ARITH_INDEX_CAST = "arith.index_cast"
ARITH_INDEX_CASTUI = "arith.index_castui"
#: Bitwise ops and integer casts: of constants, MLIR folds them (:func:`~.region_flow.constant_int`).
ARITH_ANDI = "arith.andi"
ARITH_ORI = "arith.ori"
ARITH_XORI = "arith.xori"
ARITH_EXTSI = "arith.extsi"
ARITH_EXTUI = "arith.extui"
ARITH_TRUNCI = "arith.trunci"
AFFINE_APPLY = "affine.apply"
AFFINE_MIN = "affine.min"
AFFINE_MAX = "affine.max"

# -- groups --------------------------------------------------------------------------------------
#: Direct calls of a function of the module (by symbol).
CALLS = frozenset({UTIL_CALL, FUNC_CALL})
#: Function returns.
RETURNS = frozenset({UTIL_RETURN, FUNC_RETURN})
#: The loads and stores of a global by symbol: the only uses of a global's symbol whose effect
#: the model sees (value in, value out), with the global's own declaration.
DIRECT_GLOBAL_ACCESS_OPS = frozenset({GLOBAL_LOAD, GLOBAL_STORE, UTIL_GLOBAL})
#: The accesses of :data:`DIRECT_GLOBAL_ACCESS_OPS`, without the declaration.
GLOBAL_ACCESS_OPS = frozenset({GLOBAL_LOAD, GLOBAL_STORE})
#: Ops that reach a global other than by a load or store naming it (through its address), or
#: call a function other than by symbol: what they touch the model cannot say.
INDIRECT_OPS = frozenset({GLOBAL_STORE_INDIRECT, GLOBAL_LOAD_INDIRECT, GLOBAL_ADDRESS, FUNC_CALL_INDIRECT})

# -- the user's input: value ops IREE deletes when nothing reads them --------------------------
#: Dialects whose ops (on tensors and scalars, as a user's input holds them) compute values
#: only: IREE's cleanup deletes one whose results nothing reads, and a load only they read is
#: a load nothing reads (``schedule.global_order``: a load IREE deletes before it pairs the
#: accesses of a global).
VALUE_DIALECTS = ("arith.", "math.", "tensor.", "linalg.")
#: ``tensor.extract_slice``: of a whole tensor (zero offsets, unit strides, its type), MLIR
#: folds it into its source.
TENSOR_EXTRACT_SLICE = "tensor.extract_slice"
#: ``tensor.insert_slice`` of a whole tensor into one of its type (zero offsets, unit
#: strides): MLIR folds it into the inserted value.
TENSOR_INSERT_SLICE = "tensor.insert_slice"
#: ``linalg.copy``: its result is its input's value (IREE's stages fold it away).
LINALG_COPY = "linalg.copy"
#: ``linalg.fill``: a splat of its scalar, whatever the tensor it fills holds (IREE's stages make
#: one of a constant a constant).
LINALG_FILL = "linalg.fill"
