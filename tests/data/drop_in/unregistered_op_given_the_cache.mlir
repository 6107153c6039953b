// The seed's scheduled repro with an op of a dialect nothing registers, given the cache: read as
// iree-compile reads it, and kept (closed world: the op may write any byte it is given).
// The seed issue's repro (/work/shared/seed, 2024 spellings), brought to IREE 3.13 and the
// llvm-cpu target and nothing else: flow.dispatch.* ops and types are iree_tensor_ext.dispatch.*,
// the device is a util.global with stream.affinity.default (3.13's form of hal.device.targets),
// and the outer unnamed module around @state_update is dropped (IREE's pipeline anchors on the
// top-level module). IR after iree-stream-schedule-execution/-concurrency: three KV-cache slices
// in one concurrent region, read by dispatches in a second, the new rows written in a third.
#executable_target_embedded_elf_x86_64 = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">
#map = affine_map<()[s0] -> (s0 + 1)>
#device_target_local = #hal.device.target<"local", [#executable_target_embedded_elf_x86_64]> : !hal.device
module @state_update attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
util.global private @__device_0 = #device_target_local
util.global private mutable @_global_seq_step.global {noinline} = 0 : index
util.global private mutable @_global_k_caches.layer_idx.0__timepoint = #stream.timepoint<immediate> : !stream.timepoint
util.global private mutable @_global_k_caches.layer_idx.0 : !stream.resource<variable>
util.global private mutable @_global_k_caches.layer_idx.1 : !stream.resource<variable>
util.global private mutable @_global_v_caches.layer_idx.0 : !stream.resource<variable>
stream.executable private @run_forward_dispatch_804 {
stream.executable.export public @run_forward_dispatch_804_slow_memcpy workgroups(%arg0: index, %arg1: index) -> (index, index, index) {
%x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%arg0, %arg1)
stream.return %x, %y, %z : index, index, index
}
builtin.module {
func.func @run_forward_dispatch_804_slow_memcpy(%arg0: index, %arg1: !stream.binding, %arg2: index, %arg3: !stream.binding) {
%c-1_i64 = arith.constant -1 : i64
%c0_i64 = arith.constant 0 : i64
%c0 = arith.constant 0 : index
%0 = stream.binding.subspan %arg3[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x128xf16>>
%1 = iree_tensor_ext.dispatch.workload.ordinal %arg2, 1 : index
%2 = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x32x?x128xf16>>{%1}
%3 = iree_tensor_ext.dispatch.workload.ordinal %arg0, 0 : index
%4 = affine.apply #map()[%3]
%5 = arith.index_cast %4 : index to i64
%6 = arith.addi %5, %c-1_i64 : i64
%7 = arith.cmpi slt, %6, %c0_i64 : i64
%8 = arith.select %7, %c0_i64, %6 : i64
%9 = arith.cmpi sgt, %8, %5 : i64
%10 = arith.select %9, %5, %8 : i64
%11 = arith.index_cast %10 : i64 to index
%12 = iree_tensor_ext.dispatch.tensor.load %2, offsets = [0, 0, %11, 0], sizes = [1, 32, 1, 128], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x32x?x128xf16>>{%1} -> tensor<32x128xf16>
iree_tensor_ext.dispatch.tensor.store %12, %0, offsets = [0, 0], sizes = [32, 128], strides = [1, 1] : tensor<32x128xf16> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<32x128xf16>>
return
}
}
}
util.func public @run_forward(%arg0: !hal.buffer_view) attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @run_forward(%input0: tensor<1x1xi64>) -> ()"}} {
%_global_seq_step.global = util.global.load @_global_seq_step.global : index
%_global_k_caches.layer_idx.0__timepoint = util.global.load @_global_k_caches.layer_idx.0__timepoint : !stream.timepoint
%_global_k_caches.layer_idx.0 = util.global.load @_global_k_caches.layer_idx.0 : !stream.resource<variable>
%_global_k_caches.layer_idx.0__timepoint_0 = util.global.load @_global_k_caches.layer_idx.0__timepoint : !stream.timepoint
%_global_v_caches.layer_idx.0 = util.global.load @_global_v_caches.layer_idx.0 : !stream.resource<variable>
%_global_k_caches.layer_idx.0__timepoint_1 = util.global.load @_global_k_caches.layer_idx.0__timepoint : !stream.timepoint
%_global_k_caches.layer_idx.1 = util.global.load @_global_k_caches.layer_idx.1 : !stream.resource<variable>
%c0 = arith.constant 0 : index
%c8192 = arith.constant 8192 : index
%c33546240 = arith.constant 33546240 : index
%0 = arith.muli %_global_seq_step.global, %c8192 : index
%1 = affine.apply #map()[%_global_seq_step.global]
%2 = arith.muli %1, %c8192 : index
%3 = arith.addi %0, %c8192 : index
%4 = stream.timepoint.join max(%_global_k_caches.layer_idx.0__timepoint, %_global_k_caches.layer_idx.0__timepoint_0, %_global_k_caches.layer_idx.0__timepoint_1) => !stream.timepoint
%results:3, %result_timepoint = stream.async.execute await(%4) => with(%_global_k_caches.layer_idx.0 as %arg1: !stream.resource<variable>{%c33546240}, %_global_v_caches.layer_idx.0 as %arg2: !stream.resource<variable>{%c33546240}, %_global_k_caches.layer_idx.1 as %arg3: !stream.resource<variable>{%c33546240}) -> (%_global_k_caches.layer_idx.0{%c33546240}, %_global_v_caches.layer_idx.0{%c33546240}, %_global_k_caches.layer_idx.1{%c33546240}) {
%6:3 = stream.async.concurrent with(%arg1 as %arg4: !stream.resource<variable>{%c33546240}, %arg2 as %arg5: !stream.resource<variable>{%c33546240}, %arg3 as %arg6: !stream.resource<variable>{%c33546240}) -> (!stream.resource<variable>{%0}, !stream.resource<variable>{%0}, !stream.resource<variable>{%0}) {
%9 = stream.async.slice %arg4[%c0 to %0] : !stream.resource<variable>{%c33546240} -> !stream.resource<variable>{%0}
%10 = stream.async.slice %arg5[%c0 to %0] : !stream.resource<variable>{%c33546240} -> !stream.resource<variable>{%0}
%11 = stream.async.slice %arg6[%c0 to %0] : !stream.resource<variable>{%c33546240} -> !stream.resource<variable>{%0}
"foo.scribble"(%arg4) : (!stream.resource<variable>) -> ()
stream.yield %9, %10, %11 : !stream.resource<variable>{%0}, !stream.resource<variable>{%0}, !stream.resource<variable>{%0}
}
%7:3 = stream.async.concurrent with(%6#0 as %arg4: !stream.resource<variable>{%0}, %6#1 as %arg5: !stream.resource<variable>{%0}, %6#2 as %arg6: !stream.resource<variable>{%0}) -> (!stream.resource<transient>{%c8192}, !stream.resource<transient>{%c8192}, !stream.resource<transient>{%c8192}) {
%9 = stream.async.dispatch @run_forward_dispatch_804::@run_forward_dispatch_804_slow_memcpy[%_global_seq_step.global, %1](%_global_seq_step.global, %arg4[%c0 to %0 for %0], %1) : (index, !stream.resource<variable>{%0}, index) -> !stream.resource<transient>{%c8192}
%10 = stream.async.dispatch @run_forward_dispatch_804::@run_forward_dispatch_804_slow_memcpy[%_global_seq_step.global, %1](%_global_seq_step.global, %arg5[%c0 to %0 for %0], %1) : (index, !stream.resource<variable>{%0}, index) -> !stream.resource<transient>{%c8192}
%11 = stream.async.dispatch @run_forward_dispatch_804::@run_forward_dispatch_804_slow_memcpy[%_global_seq_step.global, %1](%_global_seq_step.global, %arg6[%c0 to %0 for %0], %1) : (index, !stream.resource<variable>{%0}, index) -> !stream.resource<transient>{%c8192}
stream.yield %9, %10, %11 : !stream.resource<transient>{%c8192}, !stream.resource<transient>{%c8192}, !stream.resource<transient>{%c8192}
}
%8:3 = stream.async.concurrent with(%arg1 as %arg4: !stream.resource<variable>{%c33546240}, %7#0 as %arg5: !stream.resource<transient>{%c8192}, %arg2 as %arg6: !stream.resource<variable>{%c33546240}, %7#1 as %arg7: !stream.resource<transient>{%c8192}, %arg3 as %arg8: !stream.resource<variable>{%c33546240}, %7#2 as %arg9: !stream.resource<transient>{%c8192}) -> (%arg1{%c33546240}, %arg2{%c33546240}, %arg3{%c33546240}) {
%9 = stream.async.update %arg5, %arg4[%0 to %3] : !stream.resource<transient>{%c8192} -> %arg4 as !stream.resource<variable>{%c33546240}
%10 = stream.async.update %arg7, %arg6[%0 to %3] : !stream.resource<transient>{%c8192} -> %arg6 as !stream.resource<variable>{%c33546240}
%11 = stream.async.update %arg9, %arg8[%0 to %3] : !stream.resource<transient>{%c8192} -> %arg8 as !stream.resource<variable>{%c33546240}
stream.yield %9, %10, %11 : !stream.resource<variable>{%c33546240}, !stream.resource<variable>{%c33546240}, !stream.resource<variable>{%c33546240}
}
stream.yield %8#0, %8#1, %8#2 : !stream.resource<variable>{%c33546240}, !stream.resource<variable>{%c33546240}, !stream.resource<variable>{%c33546240}
} => !stream.timepoint
%5:3 = stream.timepoint.await %result_timepoint => %results#0, %results#1, %results#2 : !stream.resource<variable>{%c33546240}, !stream.resource<variable>{%c33546240}, !stream.resource<variable>{%c33546240}
util.global.store %results#0, @_global_k_caches.layer_idx.0 : !stream.resource<variable>
util.global.store %results#1, @_global_v_caches.layer_idx.0 : !stream.resource<variable>
util.global.store %results#2, @_global_k_caches.layer_idx.1 : !stream.resource<variable>
util.return
}
}
